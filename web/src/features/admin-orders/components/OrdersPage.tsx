import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { TableFrame } from '../../../components/ui/TableFrame';
import { formatDate, formatPrice } from '../../../lib/format';
import { type OrderQuery, type OrderState, useAdminOrders } from '../api';
import { destinationSummary, ORDER_STATES, stateName } from '../order-text';
import styles from './AdminOrders.module.css';
import { OrderStateBadge } from './OrderStateBadge';
import { WithdrawalBadge } from './Returns';

/** The orders, newest first: filter by state, search number, email or name, page on. */
export function OrdersPage() {
  const { t } = useTranslation('adminOrders');
  const [params, setParams] = useSearchParams();
  const query: OrderQuery = {};
  const q = params.get('q');
  if (q) query.q = q;
  const state = params.get('state');
  if (state && (ORDER_STATES as readonly string[]).includes(state))
    query.state = state as OrderState;
  const cursor = params.get('cursor');
  if (cursor) query.cursor = cursor;
  const orders = useAdminOrders(query);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const text = String(form.get('q') ?? '').trim();
    if (text) next.set('q', text);
    const chosen = String(form.get('state') ?? '');
    if (chosen) next.set('state', chosen);
    setParams(next);
  }

  function page(nextCursor: string | null) {
    const next = new URLSearchParams(params);
    if (nextCursor) next.set('cursor', nextCursor);
    else next.delete('cursor');
    setParams(next);
  }

  return (
    <>
      <h1>{t('list.title')}</h1>
      <search>
        <form onSubmit={filter} aria-label={t('list.findLabel')} className={styles.filters}>
          <label>
            {t('list.query')}
            <input name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} />
          </label>
          <label>
            {t('list.state')}
            <select name="state" defaultValue={query.state ?? ''}>
              <option value="">{t('list.anyState')}</option>
              {ORDER_STATES.map((value) => (
                <option key={value} value={value}>
                  {stateName(t, value)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t('list.search')}
          </Button>
        </form>
      </search>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <PageState title={t('list.failed')}>
          <p>{orders.error.message}</p>
        </PageState>
      ) : orders.data.orders.length === 0 ? (
        <PageState title={query.q || query.state ? t('list.noMatch') : t('list.noneYet')}>
          <p>{query.q || query.state ? t('list.noMatchBody') : t('list.noneYetBody')}</p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.order')}</th>
                <th scope="col">{t('list.placed')}</th>
                <th scope="col">{t('list.buyer')}</th>
                <th scope="col">{t('list.pieces')}</th>
                <th scope="col">{t('list.delivery')}</th>
                <th scope="col" className={styles.money}>
                  {t('list.total')}
                </th>
                <th scope="col">{t('list.state')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.id}>
                  <td className={styles.number}>
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </td>
                  <td>{formatDate(order.placed_at)}</td>
                  <td>
                    {order.buyer.name ?? t('list.deletedAccount')}
                    {order.buyer.email && <div className={styles.muted}>{order.buyer.email}</div>}
                  </td>
                  <td>{order.lines.map((line) => line.title).join(', ')}</td>
                  <td>{destinationSummary(t, order)}</td>
                  <td className={styles.money}>{formatPrice(order.total_cents, order.currency)}</td>
                  <td>
                    <OrderStateBadge order={order} />
                    <WithdrawalBadge order={order} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className={styles.paging}>
        {cursor && (
          <Button variant="secondary" onClick={() => page(null)}>
            {t('list.firstPage')}
          </Button>
        )}
        {orders.data?.next_cursor && (
          <Button variant="secondary" onClick={() => page(orders.data.next_cursor)}>
            {t('list.nextPage')}
          </Button>
        )}
      </div>
    </>
  );
}
