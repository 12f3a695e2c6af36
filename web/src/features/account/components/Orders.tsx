import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Collection, HowToPay } from '../../../components/order/OrderDetails';
import {
  awaitsPayment,
  type Order,
  PAYMENT_STATUS_TEXT,
  payableOnline,
} from '../../../components/order/order';
import { ButtonLink } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { PostalAddress } from '../../../components/ui/PostalAddress';
import { Price } from '../../../components/ui/Price';
import { formatDate } from '../../../lib/format';
import { useAcceptedPages, useOrder, useOrders } from '../api';
import styles from './Account.module.css';
import { Withdrawal } from './Withdrawal';

/** What each state means to the buyer; a pickup order is collected, not delivered. */
const STATE_LABELS: Record<Order['fulfilment'], Record<Order['state'], string>> = {
  shipping: {
    placed: 'Waiting for payment',
    paid: 'Paid, being prepared',
    shipped: 'On its way',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  pickup: {
    placed: 'Waiting for payment',
    paid: 'Paid, ready to collect',
    shipped: 'On its way',
    delivered: 'Collected',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
};

const stateLabel = (order: Order) =>
  order.payment.status === 'processing'
    ? 'Payment being processed'
    : STATE_LABELS[order.fulfilment][order.state];

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
  if (order.state === 'cancelled') return null;
  if (order.state !== 'placed')
    return (
      <Notice tone="success" role="status">
        Payment received. Thank you: the pieces are yours.
      </Notice>
    );
  if (order.payment.status === 'processing' || gaveUp)
    return (
      <Notice role="status">
        Your payment is being confirmed. We will email you as soon as it has arrived; you can close
        this page.
      </Notice>
    );
  return <Loading label="Confirming your payment…" />;
}

export function OrdersList() {
  const orders = useOrders();
  if (orders.isPending) return <Loading />;
  if (orders.isError)
    return (
      <PageState headingLevel={1} title="Your orders could not be loaded">
        <p>{orders.error.message}</p>
      </PageState>
    );
  if (orders.data.orders.length === 0)
    return (
      <PageState
        headingLevel={1}
        title="No orders yet"
        action={<ButtonLink to="/">Browse the shop</ButtonLink>}
      >
        <p>What you buy is listed here, with where it is on its way to you.</p>
      </PageState>
    );
  return (
    <>
      <h1>Your orders</h1>
      <ul className={styles.favorites} aria-label="Your orders">
        {orders.data.orders.map((order) => (
          <li key={order.id} className={styles.card}>
            <Link to={`/account/orders/${order.id}`}>Order {order.number}</Link>
            <div className={styles.muted}>
              {formatDate(order.placed_at)} · {stateLabel(order)}
              {order.state === 'shipped' && order.carrier && (
                <>
                  {' '}
                  with {order.carrier} ({order.tracking_reference})
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
  const address = order.shipping_address;
  if (order.fulfilment === 'pickup') {
    if (order.delivered_at) return <p>You collected it at the shop.</p>;
    if (order.state === 'cancelled' || order.state === 'refunded')
      return <p>It was to be collected at the shop.</p>;
    // Sent before pickup orders were handed over only; the carrier is named above.
    if (order.carrier) return <p>The shop sent it instead of you collecting it.</p>;
    return <Collection order={order} />;
  }
  const lead = order.delivered_at
    ? 'Delivered to'
    : order.state === 'cancelled' || order.state === 'refunded'
      ? 'It was to go to'
      : order.state === 'shipped'
        ? 'On its way to'
        : 'We send it to';
  // An order whose address was removed (account deleted): the way, not the place.
  if (!address)
    return <p>{order.state === 'cancelled' ? 'It was to go by post.' : 'Sent by post.'}</p>;
  return (
    <>
      <p>{lead}:</p>
      <PostalAddress address={address} />
    </>
  );
}

/** The state in a sentence: who carries it, why it was cancelled, when to pay. */
function StateLine({ order }: { order: Order }) {
  const tracked = (order.state === 'shipped' || order.state === 'delivered') && order.carrier;
  return (
    <p>
      <strong>{stateLabel(order)}</strong>
      {tracked && (
        <>
          {' '}
          with {order.carrier}, tracking reference {order.tracking_reference}
        </>
      )}
      {order.state === 'cancelled' && (
        <>
          {order.cancel_reason && <>: {order.cancel_reason.replace(/[.!]+$/, '')}</>}. Any payment
          you made is given back to you.
        </>
      )}
    </p>
  );
}

/** What the buyer agreed to, readable as it was then (issue 33 item 3). */
function AcceptedTerms({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const pages = useAcceptedPages(order.id, open);
  const shown = [pages.data?.terms, pages.data?.withdrawal].filter((page) => page != null);
  return (
    <section className={styles.card} aria-labelledby="order-terms">
      <h2 id="order-terms">Terms you accepted</h2>
      <p>
        You accepted version {order.terms_version} of the terms and conditions
        {order.withdrawal_version !== null &&
          ` and version ${order.withdrawal_version} of the withdrawal policy`}{' '}
        with this order.
      </p>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Read them as accepted</summary>
        {pages.isPending && open && <Loading />}
        {pages.isError && <p>{pages.error.message}</p>}
        {shown.map((page) => (
          <article key={page.slug} aria-label={`${page.title}, version ${page.version}`}>
            <h3>
              {page.title} (version {page.version})
            </h3>
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
  return (
    <section className={styles.card} aria-labelledby="order-invoice">
      <h2 id="order-invoice">Invoice</h2>
      <p>
        <a href={`/api/customers/me/orders/${order.id}/invoice.pdf`} target="_blank" rel="noopener">
          Invoice {invoice.number} (PDF)
        </a>{' '}
        <span className={styles.muted}>issued {formatDate(invoice.issued_at)}</span>
      </p>
      {order.credit_notes.length > 0 && (
        <ul className={styles.lines} aria-label="Credit notes">
          {order.credit_notes.map((note) => (
            <li key={note.number}>
              <span>
                Credit note {note.number}{' '}
                <span className={styles.muted}>issued {formatDate(note.issued_at)}</span>
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
        title="This order could not be shown"
        action={<ButtonLink to="/account/orders">All your orders</ButtonLink>}
      >
        <p>{order.error.message}</p>
      </PageState>
    );
  const data = order.data;
  return (
    <>
      <h1>Order {data.number}</h1>
      {confirming.returned && <PaymentConfirmation order={data} gaveUp={confirming.gaveUp} />}
      <StateLine order={data} />
      {payableOnline(data) && !confirming.returned && data.payment.payment_url && (
        <section className={styles.card} aria-labelledby="order-pay">
          <h2 id="order-pay">Payment</h2>
          <p>This order is waiting for your payment; the pieces are held for you until then.</p>
          <a className={styles.payLink} href={data.payment.payment_url}>
            Pay now
          </a>
        </section>
      )}
      {awaitsPayment(data) && (
        <section className={styles.card} aria-labelledby="order-payment">
          <h2 id="order-payment">How to pay</h2>
          <HowToPay order={data} />
        </section>
      )}
      <section className={styles.card} aria-labelledby="order-lines">
        <h2 id="order-lines">What you bought</h2>
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
            Shipping: {data.shipping_cents === 0 ? 'free' : <Price cents={data.shipping_cents} />}
          </p>
        )}
        <p>
          Total: <Price cents={data.total_cents} />
          {data.tax_cents > 0 && (
            <span className={styles.muted}>
              {' '}
              (includes VAT <Price cents={data.tax_cents} />)
            </span>
          )}
        </p>
        {data.payment.provider !== 'accept' && (
          <p>
            Payment: {PAYMENT_STATUS_TEXT[data.payment.status]}
            {data.payment.refunds.map((refund) => (
              <span key={refund.requested_at}>
                {' '}
                · <Price cents={refund.amount_cents} />{' '}
                {refund.state === 'succeeded' ? 'given back' : 'to be given back'}
              </span>
            ))}
          </p>
        )}
      </section>
      {data.invoice && <Documents order={data} invoice={data.invoice} />}
      <Withdrawal order={data} />
      <section className={styles.card} aria-labelledby="order-destination">
        <h2 id="order-destination">{data.fulfilment === 'pickup' ? 'Collection' : 'Delivery'}</h2>
        <Destination order={data} />
      </section>
      {data.terms_version !== null && <AcceptedTerms order={data} />}
      <Link to="/account/orders">All your orders</Link>
    </>
  );
}
