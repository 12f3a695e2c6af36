import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCancelReason } from '../../../components/order/cancel-reason';
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
  const { t } = useTranslation('adminOrders');
  if (order.fulfilment === 'pickup')
    return (
      <p>
        {order.delivered_at
          ? t('destination.collected')
          : order.state === 'refunded' || order.state === 'cancelled'
            ? t('destination.wasToBeCollected')
            : t('destination.pickup')}
      </p>
    );
  const address = order.shipping_address;
  if (!address) return <p>{t('destination.addressRemoved')}</p>;
  return <PostalAddress address={address} showPhone />;
}

/** What happened when, from the order's own timestamps (the API keeps one per state). */
function History({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const cancelReason = useCancelReason('adminOrders');
  const steps: Array<[string, string | null, string?]> = [
    [t('history.placed'), order.placed_at],
    [t('history.paid'), order.paid_at],
    [
      t('history.shipped'),
      order.shipped_at,
      order.carrier
        ? t('history.carrier', {
            carrier: order.carrier,
            tracking: order.tracking_reference ?? '',
          })
        : undefined,
    ],
    [
      order.fulfilment === 'pickup' ? t('history.handedOver') : t('history.delivered'),
      order.delivered_at,
    ],
    [t('history.cancelled'), order.cancelled_at, cancelReason(order) ?? undefined],
    [t('history.refunded'), order.refunded_at],
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
          <dt>{t('history.paymentDue')}</dt>
          <dd>
            <time dateTime={order.payment_due_date}>{formatDay(order.payment_due_date)}</time>
            <div className={styles.muted}>{t('history.paymentDueHint')}</div>
          </dd>
        </>
      )}
    </dl>
  );
}

/** One order as it was at the sale, with the actions its state allows. */
export function OrderPage() {
  const { t } = useTranslation('adminOrders');
  const id = Number(useParams().id);
  const query = useAdminOrder(id);
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <PageState
        headingLevel={1}
        title={t('order.failed')}
        action={<Link to="/admin/orders">{t('order.allOrders')}</Link>}
      >
        <p>{query.error.message}</p>
      </PageState>
    );
  const order = query.data;
  const money = (cents: number) => formatPrice(cents, order.currency);
  return (
    <>
      <p>
        <Link to="/admin/orders">{t('order.backToAll')}</Link>
      </p>
      <div className={styles.heading}>
        <h1>{t('order.title', { number: order.number })}</h1>
        <OrderStateBadge order={order} />
        <WithdrawalBadge order={order} />
      </div>
      {order.withdrawal && order.state === 'paid' && (
        <Notice tone="error" role="status">
          {t('order.withdrawn', {
            withdrawn: order.withdrawal.item_ids.length,
            count: order.lines.length,
            fulfilment: order.fulfilment,
          })}
        </Notice>
      )}
      <OrderActions order={order} />

      <table className={styles.table}>
        <caption className="visually-hidden">{t('order.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.photo}>
              <span className="visually-hidden">{t('order.photo')}</span>
            </th>
            <th scope="col">{t('order.piece')}</th>
            <th scope="col" className={styles.money}>
              {t('order.price')}
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
              <th scope="row">{t('order.shipping')}</th>
              <td className={styles.money}>{money(order.shipping_cents)}</td>
            </tr>
          )}
          <tr>
            <td />
            <th scope="row">{t('list.total')}</th>
            <td className={styles.money}>
              <strong>{money(order.total_cents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>

      <div className={styles.sections}>
        <section className={styles.card} aria-labelledby="order-buyer">
          <h2 id="order-buyer">{t('list.buyer')}</h2>
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
            <p>{t('order.buyerDeleted')}</p>
          )}
          {order.note && (
            <>
              <h3>{t('order.note')}</h3>
              <p style={{ whiteSpace: 'pre-wrap' }}>{order.note}</p>
            </>
          )}
        </section>
        <section className={styles.card} aria-labelledby="order-delivery">
          <h2 id="order-delivery">
            {order.fulfilment === 'pickup' ? t('order.collection') : t('list.delivery')}
          </h2>
          <Destination order={order} />
        </section>
        <section className={styles.card} aria-labelledby="order-payment">
          <h2 id="order-payment">{t('payment.title')}</h2>
          <dl className={styles.facts}>
            <dt>{t('list.total')}</dt>
            <dd>{money(order.total_cents)}</dd>
            {/* The buyer was asked to quote the order number with the transfer. */}
            {order.state === 'placed' && order.payment_due_date && (
              <>
                <dt>{t('payment.buyerQuotes')}</dt>
                <dd>{order.number}</dd>
              </>
            )}
            <dt>{t('payment.reference')}</dt>
            <dd className={styles.code}>{order.payment_reference}</dd>
            <dt>{t('payment.provider')}</dt>
            <dd>{t('payment.through', { provider: order.payment.provider })}</dd>
            <dt>{t('payment.title')}</dt>
            <dd>{t(`payment.status.${order.payment.status}`)}</dd>
            {order.payment.payment_intent_id && (
              <>
                <dt>{t('payment.intent')}</dt>
                <dd className={styles.code}>{order.payment.payment_intent_id}</dd>
              </>
            )}
            {order.invoice && (
              <>
                <dt>{t('payment.invoice')}</dt>
                <dd>
                  <a
                    href={`/api/admin/orders/${order.id}/invoice.pdf`}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('payment.invoicePdf', { number: order.invoice.number })}
                  </a>
                </dd>
              </>
            )}
            {order.credit_notes.map((note) => (
              <Fragment key={note.number}>
                <dt>{t('payment.creditNote')}</dt>
                <dd>
                  {note.number}: {money(-note.amount_cents)}
                </dd>
              </Fragment>
            ))}
          </dl>
          {order.payment.refunds.length > 0 && (
            <>
              <h3>{t('payment.refunds')}</h3>
              <ul>
                {order.payment.refunds.map((refund) => (
                  <li key={refund.requested_at}>
                    {money(refund.amount_cents)}:{' '}
                    {t('payment.refundState', {
                      state: refund.state,
                      when: refund.settled_at ? formatDateTime(refund.settled_at) : '',
                    })}
                    {refund.reference && <span className={styles.code}> {refund.reference}</span>}
                    {refund.error && refund.state !== 'succeeded' && (
                      <div>{t('payment.lastAttempt', { error: refund.error })}</div>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <Returns order={order} />
        <section className={styles.card} aria-labelledby="order-history">
          <h2 id="order-history">{t('history.title')}</h2>
          <History order={order} />
        </section>
      </div>
    </>
  );
}
