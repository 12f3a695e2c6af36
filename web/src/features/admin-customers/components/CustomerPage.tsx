import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { formatDate, formatTime } from '../../../lib/format';
import { useCustomer } from '../api';
import { AccountSwitch } from './AccountSwitch';

/** One customer: who, their state, what they hold, like and bought. */
export function CustomerPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  if (customer.isPending) return <Loading />;
  if (customer.isError)
    return (
      <PageState
        headingLevel={1}
        title={t('customer.failed')}
        action={<Link to="/admin/customers">{t('customer.all')}</Link>}
      >
        <p>{customer.error.message}</p>
      </PageState>
    );
  const c = customer.data;
  return (
    <>
      <p>
        <Link to="/admin/customers">{t('customer.back')}</Link>
      </p>
      <h1>{c.display_name}</h1>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          gap: 'var(--space-1) var(--space-4)',
        }}
      >
        <dt>{t('customers.email')}</dt>
        <dd>{c.email}</dd>
        <dt>{t('customers.status')}</dt>
        <dd>{t(`customers.state.${c.status}`)}</dd>
        <dt>{t('customers.verified')}</dt>
        <dd>{c.email_verified ? t('customers.yes') : t('customers.no')}</dd>
        <dt>{t('customers.joined')}</dt>
        <dd>
          {t('customer.joinedAt', {
            date: formatDate(c.created_at),
            time: formatTime(c.created_at),
          })}
        </dd>
        <dt>{t('customer.favorites')}</dt>
        <dd>{c.favorites_count}</dd>
      </dl>
      <div style={{ margin: 'var(--space-4) 0 var(--space-5)' }}>
        <AccountSwitch customer={c} />
      </div>
      <h2>{t('customer.holdsTitle')}</h2>
      {c.holds.length === 0 ? (
        <p>{t('customer.noHolds')}</p>
      ) : (
        <ul>
          {c.holds.map((hold) => (
            <li key={hold.item_id}>
              <Link to={`/admin/items/${hold.item_id}`}>{hold.title}</Link> —{' '}
              <Trans
                t={t}
                i18nKey="customer.hold"
                values={{ time: formatTime(hold.reserved_until) }}
                components={{ price: <Price cents={hold.price_cents} /> }}
              />
            </li>
          ))}
        </ul>
      )}
      <h2>{t('customer.purchasesTitle')}</h2>
      {c.purchases.length === 0 ? (
        <p>{t('customer.noPurchases')}</p>
      ) : (
        <ul>
          {c.purchases.map((purchase) => (
            <li key={purchase.item_id}>
              <Link to={`/admin/items/${purchase.item_id}`}>{purchase.title}</Link> —{' '}
              <Trans
                t={t}
                i18nKey="customer.purchase"
                values={{ date: formatDate(purchase.sold_at) }}
                components={{ price: <Price cents={purchase.price_cents} /> }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
