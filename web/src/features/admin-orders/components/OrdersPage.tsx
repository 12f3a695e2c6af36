import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, PageState } from '../../../components/ui/Feedback';
import { TableFrame } from '../../../components/ui/TableFrame';
import { formatDate, formatPrice } from '../../../lib/format';
import { type OrderQuery, type OrderState, useAdminOrders } from '../api';
import { destinationSummary, ORDER_STATES, STATE_LABELS } from '../order-text';
import styles from './AdminOrders.module.css';
import { OrderStateBadge } from './OrderStateBadge';
import { WithdrawalBadge } from './Returns';

/** The orders, newest first: filter by state, search number, email or name, page on. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query: OrderQuery = {};
  const q = params.get('q');
  if (q) query.q = q;
  const state = params.get('state');
  if (state && (ORDER_STATES as string[]).includes(state)) query.state = state as OrderState;
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
      <h1>Orders</h1>
      <search>
        <form onSubmit={filter} aria-label="Find orders" className={styles.filters}>
          <label>
            Number, email or name
            <input name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} />
          </label>
          <label>
            State
            <select name="state" defaultValue={query.state ?? ''}>
              <option value="">Any</option>
              {ORDER_STATES.map((value) => (
                <option key={value} value={value}>
                  {STATE_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <PageState title="The orders could not be loaded">
          <p>{orders.error.message}</p>
        </PageState>
      ) : orders.data.orders.length === 0 ? (
        <PageState title={query.q || query.state ? 'No orders match' : 'No orders yet'}>
          <p>
            {query.q || query.state
              ? 'Try another number, name or state.'
              : 'Every checkout becomes an order here.'}
          </p>
        </PageState>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Buyer</th>
                <th scope="col">Pieces</th>
                <th scope="col">Delivery</th>
                <th scope="col" className={styles.money}>
                  Total
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </td>
                  <td>{formatDate(order.placed_at)}</td>
                  <td>
                    {order.buyer.name ?? 'Deleted account'}
                    {order.buyer.email && <div className={styles.muted}>{order.buyer.email}</div>}
                  </td>
                  <td>{order.lines.map((line) => line.title).join(', ')}</td>
                  <td>{destinationSummary(order)}</td>
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
            First page
          </Button>
        )}
        {orders.data?.next_cursor && (
          <Button variant="secondary" onClick={() => page(orders.data.next_cursor)}>
            Next page
          </Button>
        )}
      </div>
    </>
  );
}
