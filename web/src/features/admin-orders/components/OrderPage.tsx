import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { PAYMENT_STATUS_TEXT } from '../../../components/order/order';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { PostalAddress } from '../../../components/ui/PostalAddress';
import { formatDay, formatPrice } from '../../../lib/format';
import { type AdminOrder, useAdminOrder } from '../api';
import { formatDateTime } from '../order-text';
import styles from './AdminOrders.module.css';
import { OrderActions } from './OrderActions';
import { OrderStateBadge } from './OrderStateBadge';
import { Returns, WithdrawalBadge } from './Returns';

function Destination({ order }: { order: AdminOrder }) {
  if (order.fulfilment === 'pickup')
    return (
      <p>
        {order.delivered_at
          ? 'Collected at the shop.'
          : order.state === 'refunded' || order.state === 'cancelled'
            ? 'It was to be collected at the shop.'
            : 'Pickup at the shop: the buyer collects it and you hand it over.'}
      </p>
    );
  const address = order.shipping_address;
  if (!address) return <p>Shipped; the address was removed when the buyer deleted the account.</p>;
  return <PostalAddress address={address} showPhone />;
}

/** What happened when, from the order's own timestamps (the API keeps one per state). */
function History({ order }: { order: AdminOrder }) {
  const steps: Array<[string, string | null, string?]> = [
    ['Placed', order.placed_at],
    ['Paid', order.paid_at],
    [
      'Shipped',
      order.shipped_at,
      order.carrier ? `with ${order.carrier}, tracking ${order.tracking_reference}` : undefined,
    ],
    [order.fulfilment === 'pickup' ? 'Handed over' : 'Delivered', order.delivered_at],
    ['Cancelled', order.cancelled_at, order.cancel_reason ?? undefined],
    ['Refunded', order.refunded_at],
  ];
  return (
    <dl className={styles.facts}>
      {steps
        .filter(([, at]) => at)
        .map(([label, at, detail]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>
              <time dateTime={at ?? ''}>{formatDateTime(at ?? '')}</time>
              {detail && <div className={styles.muted}>{detail}</div>}
            </dd>
          </div>
        ))}
      {order.state === 'placed' && order.payment_due_date && (
        <>
          <dt>Payment due</dt>
          <dd>
            <time dateTime={order.payment_due_date}>{formatDay(order.payment_due_date)}</time>
            <div className={styles.muted}>
              Cancelled automatically if unpaid once that day ends (the shop’s time zone)
            </div>
          </dd>
        </>
      )}
    </dl>
  );
}

/** One order as it was at the sale, with the actions its state allows. */
export function OrderPage() {
  const id = Number(useParams().id);
  const query = useAdminOrder(id);
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <PageState
        headingLevel={1}
        title="This order could not be loaded"
        action={<Link to="/admin/orders">All orders</Link>}
      >
        <p>{query.error.message}</p>
      </PageState>
    );
  const order = query.data;
  const money = (cents: number) => formatPrice(cents, order.currency);
  return (
    <>
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <div className={styles.heading}>
        <h1>Order {order.number}</h1>
        <OrderStateBadge order={order} />
        <WithdrawalBadge order={order} />
      </div>
      {order.withdrawal && order.state === 'paid' && (
        <Notice tone="error" role="status">
          The buyer withdrew from {order.withdrawal.item_ids.length} of {order.lines.length}{' '}
          {order.lines.length === 1 ? 'piece' : 'pieces'}: do not{' '}
          {order.fulfilment === 'pickup' ? 'hand them over' : 'ship them'}; refund them below.
        </Notice>
      )}
      <OrderActions order={order} />

      <table className={styles.table}>
        <caption className="visually-hidden">
          Pieces in this order, as they were at the sale
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.photo}>
              <span className="visually-hidden">Photo</span>
            </th>
            <th scope="col">Piece</th>
            <th scope="col" className={styles.money}>
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={line.item_id ?? `line-${index}`}>
              <td>
                {line.image ? (
                  <img
                    src={line.image}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className={styles.thumb}
                  />
                ) : (
                  <span className={styles.thumb} />
                )}
              </td>
              <td>
                {line.item_id ? (
                  <Link to={`/admin/items/${line.item_id}`}>{line.title}</Link>
                ) : (
                  line.title
                )}
              </td>
              <td className={styles.money}>{money(line.price_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.fulfilment === 'shipping' && (
            <tr>
              <td />
              <th scope="row">Shipping</th>
              <td className={styles.money}>{money(order.shipping_cents)}</td>
            </tr>
          )}
          <tr>
            <td />
            <th scope="row">Total</th>
            <td className={styles.money}>
              <strong>{money(order.total_cents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>

      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="order-buyer">
          <h2 id="order-buyer">Buyer</h2>
          {order.buyer.email ? (
            <p>
              {order.customer_id ? (
                <Link to={`/admin/customers/${order.customer_id}`}>{order.buyer.name}</Link>
              ) : (
                order.buyer.name
              )}
              <br />
              <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
            </p>
          ) : (
            <p>The buyer deleted their account; the order is kept without their name.</p>
          )}
          {order.note && (
            <>
              <h3>Their note</h3>
              <p style={{ whiteSpace: 'pre-wrap' }}>{order.note}</p>
            </>
          )}
        </section>
        <section className={styles.card} aria-labelledby="order-delivery">
          <h2 id="order-delivery">{order.fulfilment === 'pickup' ? 'Collection' : 'Delivery'}</h2>
          <Destination order={order} />
        </section>
        <section className={styles.card} aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          <dl className={styles.facts}>
            <dt>Total</dt>
            <dd>{money(order.total_cents)}</dd>
            {/* The buyer was asked to quote the order number with the transfer. */}
            {order.state === 'placed' && order.payment_due_date && (
              <>
                <dt>Buyer quotes</dt>
                <dd>{order.number}</dd>
              </>
            )}
            <dt>Reference</dt>
            <dd className={styles.code}>{order.payment_reference}</dd>
            <dt>Paid through</dt>
            <dd>
              {order.payment.provider === 'stripe'
                ? 'Stripe'
                : order.payment.provider === 'manual'
                  ? 'Bank transfer or at pickup'
                  : 'Nothing (test shop)'}
            </dd>
            <dt>Payment</dt>
            <dd>{PAYMENT_STATUS_TEXT[order.payment.status]}</dd>
            {order.payment.payment_intent_id && (
              <>
                <dt>Payment Intent</dt>
                <dd className={styles.code}>{order.payment.payment_intent_id}</dd>
              </>
            )}
            {order.invoice && (
              <>
                <dt>Invoice</dt>
                <dd>
                  <a
                    href={`/api/admin/orders/${order.id}/invoice.pdf`}
                    target="_blank"
                    rel="noopener"
                  >
                    {order.invoice.number} (PDF)
                  </a>
                </dd>
              </>
            )}
            {order.credit_notes.map((note) => (
              <Fragment key={note.number}>
                <dt>Credit note</dt>
                <dd>
                  {note.number}: {money(-note.amount_cents)}
                </dd>
              </Fragment>
            ))}
          </dl>
          {order.payment.refunds.length > 0 && (
            <>
              <h3>Refunds</h3>
              <ul>
                {order.payment.refunds.map((refund) => (
                  <li key={refund.requested_at}>
                    {money(refund.amount_cents)}:{' '}
                    {refund.state === 'succeeded'
                      ? `refunded ${refund.settled_at ? formatDateTime(refund.settled_at) : ''}`
                      : refund.state === 'to_pay_by_hand'
                        ? 'to pay back by hand'
                        : refund.state === 'failed'
                          ? 'failed: refund it in the Stripe dashboard'
                          : 'under way'}
                    {refund.reference && <span className={styles.code}> {refund.reference}</span>}
                    {refund.error && refund.state !== 'succeeded' && (
                      <div>Last attempt: {refund.error} (it is tried again)</div>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <Returns order={order} />
        <section className={styles.card} aria-labelledby="order-history">
          <h2 id="order-history">History</h2>
          <History order={order} />
        </section>
      </div>
    </>
  );
}
