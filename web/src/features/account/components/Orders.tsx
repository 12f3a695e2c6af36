import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCancelReason } from '../../../components/order/cancel-reason';
import { Collection, HowToPay } from '../../../components/order/OrderDetails';
import { awaitsPayment, type Order, payableOnline } from '../../../components/order/order';
import { ButtonLink } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { PostalAddress } from '../../../components/ui/PostalAddress';
import { Price } from '../../../components/ui/Price';
import { formatDate } from '../../../lib/format';
import { usePriceFormat } from '../../../lib/queries';
import { useAcceptedPages, useOrder, useOrders } from '../api';
import styles from './Account.module.css';
import { Withdrawal } from './Withdrawal';

/**
 * What the order's state means to the buyer; a pickup order is collected, not delivered
 * (the keys `state.shipping.*` and `state.pickup.*`).
 */
function useStateLabel() {
  const { t } = useTranslation('orders');
  return (order: Order) =>
    order.payment.status === 'processing'
      ? t('state.processing')
      : t(`state.${order.fulfilment}.${order.state}`);
}

/** How long the page waits for the payment's confirmation before saying a mail will follow. */
const CONFIRMING_MS = 60_000;
const POLL_MS = 2_000;

/**
 * Back from the payment page (its success_url): the payment is confirmed by Stripe's
 * event, a moment later. The page reads the order again every 2 s until then, for a
 * minute at most, and then says a mail will follow instead of waiting for ever.
 */
function useConfirmingPayment() {
  const [search] = useSearchParams();
  const returned = search.get('payment') === 'done';
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!returned) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRMING_MS);
    return () => clearTimeout(timer);
  }, [returned]);
  return { returned, gaveUp };
}

function PaymentConfirmation({ order, gaveUp }: { order: Order; gaveUp: boolean }) {
  const { t } = useTranslation('orders');
  if (order.state === 'cancelled') return null;
  if (order.state !== 'placed')
    return (
      <Notice tone="success" role="status">
        {t('confirming.received')}
      </Notice>
    );
  if (order.payment.status === 'processing' || gaveUp)
    return <Notice role="status">{t('confirming.slow')}</Notice>;
  return <Loading label={t('confirming.waiting')} />;
}

export function OrdersList() {
  const { t } = useTranslation('orders');
  const stateLabel = useStateLabel();
  const orders = useOrders();
  if (orders.isPending) return <Loading />;
  if (orders.isError)
    return (
      <PageState headingLevel={1} title={t('list.failed')}>
        <p>{orders.error.message}</p>
      </PageState>
    );
  if (orders.data.orders.length === 0)
    return (
      <PageState
        headingLevel={1}
        title={t('list.emptyTitle')}
        action={<ButtonLink to="/">{t('common:notFound.browse')}</ButtonLink>}
      >
        <p>{t('list.emptyBody')}</p>
      </PageState>
    );
  return (
    <>
      <h1>{t('list.title')}</h1>
      <ul className={styles.favorites} aria-label={t('list.title')}>
        {orders.data.orders.map((order) => (
          <li key={order.id} className={styles.card}>
            <Link to={`/account/orders/${order.id}`}>
              {t('list.order', { number: order.number })}
            </Link>
            <div className={styles.muted}>
              {formatDate(order.placed_at)} · {stateLabel(order)}
              {order.state === 'shipped' && order.carrier && (
                <>
                  {' '}
                  {t('list.carrier', {
                    carrier: order.carrier,
                    reference: order.tracking_reference,
                  })}
                </>
              )}{' '}
              · <Price cents={order.total_cents} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Where it goes, told for the order's state (a cancelled order goes nowhere). */
function Destination({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const address = order.shipping_address;
  if (order.fulfilment === 'pickup') {
    if (order.delivered_at) return <p>{t('destination.collected')}</p>;
    if (order.state === 'cancelled' || order.state === 'refunded')
      return <p>{t('destination.wasToCollect')}</p>;
    // Sent before pickup orders were handed over only; the carrier is named above.
    if (order.carrier) return <p>{t('destination.sentInstead')}</p>;
    return <Collection order={order} />;
  }
  const lead = order.delivered_at
    ? t('destination.deliveredTo')
    : order.state === 'cancelled' || order.state === 'refunded'
      ? t('destination.wasToGoTo')
      : order.state === 'shipped'
        ? t('destination.onItsWayTo')
        : t('destination.weSendTo');
  // An order whose address was removed (account deleted): the way, not the place.
  if (!address)
    return (
      <p>
        {order.state === 'cancelled' ? t('destination.wasToGoByPost') : t('destination.byPost')}
      </p>
    );
  return (
    <>
      <p>{lead}</p>
      <PostalAddress address={address} />
    </>
  );
}

/** The state in a sentence: who carries it, why it was cancelled, when to pay. */
function StateLine({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const state = useStateLabel()(order);
  const reason = useCancelReason('orders')(order);
  const tracked = (order.state === 'shipped' || order.state === 'delivered') && order.carrier;
  const strong = { strong: <strong /> };
  if (tracked)
    return (
      <p>
        <Trans
          t={t}
          i18nKey="stateLine.tracked"
          values={{ state, carrier: order.carrier, reference: order.tracking_reference }}
          components={strong}
        />
      </p>
    );
  if (order.state === 'cancelled')
    return (
      <p>
        {reason ? (
          <Trans
            t={t}
            i18nKey="stateLine.cancelledBecause"
            values={{ state, reason }}
            components={strong}
          />
        ) : (
          <Trans t={t} i18nKey="stateLine.cancelled" values={{ state }} components={strong} />
        )}
      </p>
    );
  return (
    <p>
      <strong>{state}</strong>
    </p>
  );
}

/** What the buyer agreed to, readable as it was then (issue 33 item 3). */
function AcceptedTerms({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const pages = useAcceptedPages(order.id, open);
  const shown = [pages.data?.terms, pages.data?.withdrawal].filter((page) => page != null);
  return (
    <section className={styles.card} aria-labelledby="order-terms">
      <h2 id="order-terms">{t('terms.title')}</h2>
      <p>
        {order.withdrawal_version !== null
          ? t('terms.acceptedBoth', {
              terms: order.terms_version,
              withdrawal: order.withdrawal_version,
            })
          : t('terms.accepted', { terms: order.terms_version })}
      </p>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('terms.read')}</summary>
        {pages.isPending && open && <Loading />}
        {pages.isError && <p>{pages.error.message}</p>}
        {shown.map((page) => (
          <article
            key={page.slug}
            aria-label={t('terms.pageLabel', { title: page.title, version: page.version })}
          >
            <h3>{t('terms.pageTitle', { title: page.title, version: page.version })}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when saved */}
            <div dangerouslySetInnerHTML={{ __html: page.body_html }} />
          </article>
        ))}
      </details>
    </section>
  );
}

/** The invoice issued when the order was paid, and a credit note for each refund (issue 34). */
function Documents({ order, invoice }: { order: Order; invoice: NonNullable<Order['invoice']> }) {
  const { t } = useTranslation('orders');
  return (
    <section className={styles.card} aria-labelledby="order-invoice">
      <h2 id="order-invoice">{t('documents.title')}</h2>
      <p>
        <a href={`/api/customers/me/orders/${order.id}/invoice.pdf`} target="_blank" rel="noopener">
          {t('documents.invoice', { number: invoice.number })}
        </a>{' '}
        <span className={styles.muted}>
          {t('documents.issued', { date: formatDate(invoice.issued_at) })}
        </span>
      </p>
      {order.credit_notes.length > 0 && (
        <ul className={styles.lines} aria-label={t('documents.creditNotes')}>
          {order.credit_notes.map((note) => (
            <li key={note.number}>
              <span>
                {t('documents.creditNote', { number: note.number })}{' '}
                <span className={styles.muted}>
                  {t('documents.issued', { date: formatDate(note.issued_at) })}
                </span>
              </span>
              <Price cents={-note.amount_cents} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OrderDetail() {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  const money = (cents: number) => price?.(cents) ?? '';
  const id = Number(useParams().id);
  const confirming = useConfirmingPayment();
  const [settled, setSettled] = useState(false);
  const order = useOrder(
    id,
    confirming.returned && !confirming.gaveUp && !settled ? POLL_MS : false,
  );
  const waiting = order.data?.state === 'placed' && order.data.payment.status !== 'processing';
  useEffect(() => {
    if (order.data && !waiting) setSettled(true);
  }, [order.data, waiting]);
  if (order.isPending) return <Loading />;
  if (order.isError)
    return (
      <PageState
        headingLevel={1}
        title={t('detail.failed')}
        action={<ButtonLink to="/account/orders">{t('detail.all')}</ButtonLink>}
      >
        <p>{order.error.message}</p>
      </PageState>
    );
  const data = order.data;
  return (
    <>
      <h1>{t('detail.title', { number: data.number })}</h1>
      {confirming.returned && <PaymentConfirmation order={data} gaveUp={confirming.gaveUp} />}
      <StateLine order={data} />
      {payableOnline(data) && !confirming.returned && data.payment.payment_url && (
        <section className={styles.card} aria-labelledby="order-pay">
          <h2 id="order-pay">{t('detail.payment')}</h2>
          <p>{t('detail.waiting')}</p>
          <a className={styles.payLink} href={data.payment.payment_url}>
            {t('detail.payNow')}
          </a>
        </section>
      )}
      {awaitsPayment(data) && (
        <section className={styles.card} aria-labelledby="order-payment">
          <h2 id="order-payment">{t('detail.howToPay')}</h2>
          <HowToPay order={data} />
        </section>
      )}
      <section className={styles.card} aria-labelledby="order-lines">
        <h2 id="order-lines">{t('detail.bought')}</h2>
        <ul className={styles.lines}>
          {data.lines.map((line, index) => (
            <li key={line.item_id ?? `line-${index}`}>
              <span>{line.title}</span>
              <Price cents={line.price_cents} />
            </li>
          ))}
        </ul>
        {data.fulfilment === 'shipping' && (
          <p>
            {data.shipping_cents === 0
              ? t('detail.shippingFree')
              : t('detail.shipping', { amount: money(data.shipping_cents) })}
          </p>
        )}
        <p>
          {t('detail.total', { amount: money(data.total_cents) })}
          {data.tax_cents > 0 && (
            <span className={styles.muted}>
              {' '}
              {t('detail.includesVat', { amount: money(data.tax_cents) })}
            </span>
          )}
        </p>
        {data.payment.provider !== 'accept' && (
          <p>
            {t('detail.paymentStatus', { status: t(`paymentStatus.${data.payment.status}`) })}
            {data.payment.refunds.map((refund) => (
              <span key={refund.requested_at}>
                {' · '}
                {t(refund.state === 'succeeded' ? 'detail.givenBack' : 'detail.toBeGivenBack', {
                  amount: money(refund.amount_cents),
                })}
              </span>
            ))}
          </p>
        )}
      </section>
      {data.invoice && <Documents order={data} invoice={data.invoice} />}
      <Withdrawal order={data} />
      <section className={styles.card} aria-labelledby="order-destination">
        <h2 id="order-destination">
          {t(data.fulfilment === 'pickup' ? 'detail.collection' : 'detail.delivery')}
        </h2>
        <Destination order={data} />
      </section>
      {data.terms_version !== null && <AcceptedTerms order={data} />}
      <Link to="/account/orders">{t('detail.all')}</Link>
    </>
  );
}
