import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '../../components/ui/Countdown';
import { Loading, PageState } from '../../components/ui/Feedback';
import { Price } from '../../components/ui/Price';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import styles from './Overview.module.css';

function Tile({ label, count, to }: { label: string; count: number; to: string }) {
  return (
    <li className={styles.tile}>
      <Link to={to}>
        <strong className={styles.figure}>{count}</strong>
        {label}
      </Link>
    </li>
  );
}

/** What needs the owner now: new submissions, items by status, holds ending, recent sales. */
export default function AdminOverview() {
  const { t } = useTranslation('admin');
  const overview = useQuery({
    queryKey: ['/api/admin/overview'],
    queryFn: () => adminOk(api.GET('/api/admin/overview')),
    // Holds run for minutes: keep the figures fresh while the page stays open.
    refetchInterval: 60_000,
  });
  if (overview.isError)
    return (
      <PageState headingLevel={1} title={t('overview.failed')}>
        <p>{overview.error.message}</p>
      </PageState>
    );
  if (overview.isPending) return <Loading />;
  const { new_submissions, items_by_status: status, holds, sold_last_7_days } = overview.data;
  return (
    <>
      <h1>{t('overview.title')}</h1>
      <ul className={styles.tiles} aria-label={t('overview.byStatus')}>
        <Tile label={t('overview.newSubmissions')} count={new_submissions} to="/admin/drafts" />
        <Tile
          label={t('overview.pending')}
          count={status.pending}
          to="/admin/items?status=pending"
        />
        <Tile
          label={t('overview.available')}
          count={status.available}
          to="/admin/items?status=available"
        />
        <Tile
          label={t('overview.reserved')}
          count={status.reserved}
          to="/admin/items?status=reserved"
        />
        <Tile label={t('overview.sold')} count={status.sold} to="/admin/items?status=sold" />
      </ul>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="holds-heading">
          <h2 id="holds-heading">{t('overview.holdsTitle')}</h2>
          {holds.count === 0 ? (
            <p className={styles.muted}>{t('overview.noHolds')}</p>
          ) : (
            <>
              <ul className={styles.holds}>
                {holds.soonest.map((hold) => (
                  <li key={hold.item_id}>
                    <Link to={`/admin/items/${hold.item_id}`}>{hold.title}</Link>
                    <span>
                      <Trans
                        t={t}
                        i18nKey="overview.endsIn"
                        components={{
                          countdown: <Countdown until={String(hold.reserved_until)} />,
                        }}
                      />
                    </span>
                  </li>
                ))}
              </ul>
              {holds.count > holds.soonest.length && (
                <p className={styles.muted}>
                  <Trans
                    t={t}
                    i18nKey="overview.moreHeld"
                    values={{ count: holds.count - holds.soonest.length }}
                    components={{ all: <Link to="/admin/items?status=reserved" /> }}
                  />
                </p>
              )}
            </>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="sold-heading">
          <h2 id="sold-heading">{t('overview.soldTitle')}</h2>
          <p>
            <Trans
              t={t}
              i18nKey="overview.soldSummary"
              values={{ count: sold_last_7_days.count }}
              components={{
                figure: <strong className={styles.inlineFigure} />,
                total: <Price cents={sold_last_7_days.total_cents} />,
              }}
            />
          </p>
        </section>
      </div>
    </>
  );
}
