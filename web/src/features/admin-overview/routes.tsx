import { useQuery } from '@tanstack/react-query';
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
  const overview = useQuery({
    queryKey: ['/api/admin/overview'],
    queryFn: () => adminOk(api.GET('/api/admin/overview')),
    // Holds run for minutes: keep the figures fresh while the page stays open.
    refetchInterval: 60_000,
  });
  if (overview.isError)
    return (
      <PageState headingLevel={1} title="The overview could not be loaded">
        <p>{overview.error.message}</p>
      </PageState>
    );
  if (overview.isPending) return <Loading />;
  const { new_submissions, items_by_status: status, holds, sold_last_7_days } = overview.data;
  return (
    <>
      <h1>Overview</h1>
      <ul className={styles.tiles} aria-label="Items by status">
        <Tile label="New submissions waiting" count={new_submissions} to="/admin/drafts" />
        <Tile label="Pending" count={status.pending} to="/admin/items?status=pending" />
        <Tile label="Available" count={status.available} to="/admin/items?status=available" />
        <Tile
          label="Reserved (held in carts)"
          count={status.reserved}
          to="/admin/items?status=reserved"
        />
        <Tile label="Sold" count={status.sold} to="/admin/items?status=sold" />
      </ul>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby="holds-heading">
          <h2 id="holds-heading">Holds that end soonest</h2>
          {holds.count === 0 ? (
            <p className={styles.muted}>No item is held in a cart.</p>
          ) : (
            <>
              <ul className={styles.holds}>
                {holds.soonest.map((hold) => (
                  <li key={hold.item_id}>
                    <Link to={`/admin/items/${hold.item_id}`}>{hold.title}</Link>
                    <span>
                      ends in <Countdown until={String(hold.reserved_until)} />
                    </span>
                  </li>
                ))}
              </ul>
              {holds.count > holds.soonest.length && (
                <p className={styles.muted}>
                  {holds.count - holds.soonest.length} more held;{' '}
                  <Link to="/admin/items?status=reserved">see all</Link>.
                </p>
              )}
            </>
          )}
        </section>
        <section className={styles.panel} aria-labelledby="sold-heading">
          <h2 id="sold-heading">Sold in the last 7 days</h2>
          <p>
            <strong className={styles.inlineFigure}>{sold_last_7_days.count}</strong>
            {sold_last_7_days.count === 1 ? 'item' : 'items'} for{' '}
            <Price cents={sold_last_7_days.total_cents} />
          </p>
        </section>
      </div>
    </>
  );
}
