import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, adminSessionCookie } from '../../../../test/support/admin.js';
import type { TestApp } from '../../../../test/support/build-test-app.js';
import {
  addToCart,
  favorite,
  optInToSoldNotifications,
  viewCart,
} from '../../../../test/support/commerce.js';
import { makeCustomer } from '../../../../test/support/customer-factories.js';
import { itemRow } from '../../../../test/support/factories.js';
import { orderRow } from '../../../../test/support/orders.js';
import type { StripeServer } from '../../../../test/support/stripe-server.js';
import {
  buyersOrder,
  checkoutWithStripe,
  postEvent,
  stripeShop,
} from '../../../../test/support/stripe-shop.js';
import { enqueue } from '../../../jobs/job-queue.js';
import { SETTLE_OVERDUE_PAYMENTS_JOB } from '../overdue-payments.job.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Issue 32 item 3: POST /api/payments/stripe/webhook. Bodies are signed with the SDK's
// own test signer; the shop's SDK talks to the Stripe-protocol server in this process.
let shop: Awaited<ReturnType<typeof stripeShop>>;
let t: TestApp;
let stripe: StripeServer;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  shop = await stripeShop({ ORDER_PAYMENT_DAYS: '5' });
  ({ t, stripe } = shop);
});
afterAll(() => shop.close());
let signIns = 0;
beforeEach(async () => {
  await t.mail.settle();
  t.mail.clear();
  // The fake clock moves by days here: a fresh admin session per test, from its own address.
  admin = await adminClient(t.app, await adminSessionCookie(t.app, `192.0.2.${++signIns}`));
});

const eventRows = () => t.db.selectFrom('payment_events').selectAll().execute();
const refundsOf = (orderId: number) =>
  t.db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();

describe('signatures', () => {
  it('a missing, wrong or stale signature is 400 invalid_signature and changes nothing', async () => {
    const { order, session } = await checkoutWithStripe(t, stripe);
    const paid = stripe.event('checkout.session.completed', stripe.complete(session.id).id);
    const before = { order: await orderRow(t, order.id), events: (await eventRows()).length };
    const stale = new Date(t.clock.now().getTime() - 10 * MINUTE); // past the SDK's 5 minutes
    for (const options of [
      { signature: null },
      { secret: 'whsec_someone_else' },
      { at: stale },
      { signature: 't=1,v1=deadbeef' },
    ]) {
      const res = await postEvent(t.app, stripe, paid, options);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    // A body changed after signing does not verify either.
    const { header } = stripe.signed(paid);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify({ ...paid, id: 'evt_forged' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await orderRow(t, order.id)).toEqual(before.order);
    expect(await eventRows()).toHaveLength(before.events);
  });
});

describe('checkout.session.completed, paid', () => {
  it('the order is paid and its items sold in one go; the confirmation and favorite-sold mails follow', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe, { count: 2 });
    const fan = await makeCustomer(t);
    await optInToSoldNotifications(t, fan.id);
    expect((await favorite(t, fan.cookie, items[0]!.id)).statusCode).toBe(204);
    const completed = stripe.complete(session.id);
    const res = await postEvent(
      t.app,
      stripe,
      stripe.event('checkout.session.completed', session.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const now = await buyersOrder(t, buyer, order.id);
    expect(now).toMatchObject({
      state: 'paid',
      payment: { status: 'paid', payment_intent_id: completed.payment_intent, payment_url: null },
      // Issued in the transaction that made it paid (issue 34 item 4).
      invoice: { number: expect.stringMatching(/^INV-\d{4}-\d{5}$/) },
    });
    for (const item of items)
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'sold',
        sold_to: buyer.id,
        reserved_by: null,
        checkout_key: null,
      });
    await t.mail.settle();
    const confirmation = t.mail.titled(buyer.email, `Your order ${order.number}`);
    expect(confirmation.text).toContain('Your payment has been received.');
    expect(confirmation.attachments.map((file) => file.filename)).toEqual([
      `${now.invoice.number}.pdf`,
    ]);
    expect(t.mail.to(fan.email)).toHaveLength(1);
  });

  it('the same event again answers 200 and does nothing: one sale, one mail', async () => {
    const { buyer, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id);
    const event = stripe.event('checkout.session.completed', session.id);
    expect((await postEvent(t.app, stripe, event)).statusCode).toBe(200);
    const after = await orderRow(t, order.id);
    expect((await postEvent(t.app, stripe, event)).statusCode).toBe(200);
    expect(await orderRow(t, order.id)).toEqual(after);
    // One invoice: the repeated event took no second number.
    expect(
      await t.db.selectFrom('invoices').select('number').where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toHaveLength(1);
    const stored = (await eventRows()).filter((row) => row.event_id === event.id);
    expect(stored).toEqual([expect.objectContaining({ outcome: 'paid', order_id: order.id })]);
  });
});

describe('checkout.session.completed, unpaid (a bank debit), then its outcome', () => {
  it('the order waits with its holds until ORDER_PAYMENT_DAYS; async_payment_succeeded then sells', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id, false);
    const res = await postEvent(
      t.app,
      stripe,
      stripe.event('checkout.session.completed', session.id),
    );
    expect(res.statusCode).toBe(200);
    expect(await buyersOrder(t, buyer, order.id)).toMatchObject({
      state: 'placed',
      payment: { status: 'processing', payment_url: null },
    });
    const held = await itemRow(t, items[0]!.id);
    expect(held.reserved_until!.getTime()).toBe(t.clock.now().getTime() + 5 * DAY);
    // Paid as far as the buyer is concerned: no longer "in the cart", no hold reminder.
    expect((await viewCart(t, buyer.cookie)).json()).toEqual({ items: [], reserved_until: null });
    t.clock.set(new Date(held.reserved_until!.getTime() - 5 * MINUTE));
    await t.app.cartJobs.sendCartReminders();
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
    t.clock.set(new Date(held.reserved_until!.getTime() - 5 * DAY));
    // Never auto-cancelled as an unpaid bank transfer, never swept before then.
    t.clock.advance(4 * DAY);
    expect((await t.app.orders.settleUnpaid()).cancelled).not.toContain(order.id);
    expect(await t.app.cartJobs.releaseExpiredHolds()).not.toContain(items[0]!.id);
    stripe.complete(session.id, true);
    const settled = await postEvent(
      t.app,
      stripe,
      stripe.event('checkout.session.async_payment_succeeded', session.id),
    );
    expect(settled.statusCode).toBe(200);
    expect((await orderRow(t, order.id)).state).toBe('paid');
    expect(await itemRow(t, items[0]!.id)).toMatchObject({ status: 'sold', sold_to: buyer.id });
  });

  it('async_payment_failed cancels the order, releases its items and tells the buyer', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id, false);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    const res = await postEvent(
      t.app,
      stripe,
      stripe.event('checkout.session.async_payment_failed', session.id),
    );
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'The payment failed.',
      cancel_reason_code: 'payment_failed',
    });
    expect(await itemRow(t, items[0]!.id)).toMatchObject({
      status: 'available',
      reserved_by: null,
    });
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).subject).toBe(`Your order ${order.number} was cancelled`);
  });
});

describe('checkout.session.expired', () => {
  it('cancels the order (the reason says why) and releases its items; no refund, no mail', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe, { count: 2 });
    const res = await postEvent(
      t.app,
      stripe,
      stripe.event('checkout.session.expired', session.id),
    );
    expect(res.statusCode).toBe(200);
    expect(await buyersOrder(t, buyer, order.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'The payment was not completed in time.',
      cancel_reason_code: 'not_completed',
      payment: { status: 'cancelled', refunds: [] },
    });
    for (const item of items)
      expect(await itemRow(t, item.id)).toMatchObject({ status: 'available', checkout_key: null });
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
  });
});

describe('a payment for items no longer held for the order is refunded, never kept, never sold twice', () => {
  it('the hold ran out and another customer took the item: refunded once through Stripe, order cancelled, buyer told', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    // Past the session and the margin: the sweeper releases, another customer holds it.
    t.clock.set(new Date(session.expires_at * 1000 + 16 * MINUTE));
    await t.app.cartJobs.releaseExpiredHolds();
    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, items[0]!.id)).statusCode).toBe(200);
    const completed = stripe.complete(session.id);
    const event = stripe.event('checkout.session.completed', session.id);
    expect((await postEvent(t.app, stripe, event)).statusCode).toBe(200);
    expect((await postEvent(t.app, stripe, event)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const row = await orderRow(t, order.id);
    expect(row.state).toBe('cancelled');
    expect(row.cancel_reason).toMatch(/no longer held for you.*refunded in full/);
    expect(await itemRow(t, items[0]!.id)).toMatchObject({
      status: 'reserved',
      reserved_by: other.id,
    });
    const calls = stripe.calls('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      idempotencyKey: `refund-${row.checkout_key}`,
      params: { payment_intent: completed.payment_intent, amount: '4200' },
    });
    expect((await buyersOrder(t, buyer, order.id)).payment).toMatchObject({
      status: 'refunded',
      refunds: [
        { amount_cents: 4200, state: 'succeeded', reference: expect.stringMatching(/^re_/) },
      ],
    });
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).text).toContain('refunded in full');
  });

  it('an admin released the item during the payment: refunded, the order cancelled', async () => {
    const { items, order, session } = await checkoutWithStripe(t, stripe, { count: 2 });
    expect((await admin('POST', `/api/admin/items/${items[0]!.id}/release`)).statusCode).toBe(200);
    stripe.complete(session.id);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    await t.app.jobs.drain();
    expect((await orderRow(t, order.id)).state).toBe('cancelled');
    // The item still held for the order goes back on sale with the order.
    expect((await itemRow(t, items[1]!.id)).status).toBe('available');
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ state: 'succeeded' })]);
  });

  it('an amount that is not the order’s is refunded, not taken as payment', async () => {
    const { order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id);
    const event = stripe.event('checkout.session.completed', session.id);
    event.data.object.amount_total = 100;
    await postEvent(t.app, stripe, event);
    await t.app.jobs.drain();
    expect((await orderRow(t, order.id)).state).toBe('cancelled');
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('a payment for an order already cancelled is refunded and the buyer told', async () => {
    const { buyer, order, session } = await checkoutWithStripe(t, stripe);
    await postEvent(t.app, stripe, stripe.event('checkout.session.expired', session.id));
    stripe.complete(session.id);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    await t.app.jobs.drain();
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ state: 'succeeded' })]);
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).subject).toBe(
      `Your payment for order ${order.number} is refunded`,
    );
  });
});

describe('admin actions on a Stripe order', () => {
  it('mark-paid by hand is 409: a Stripe order is paid by Stripe’s word', async () => {
    const { order } = await checkoutWithStripe(t, stripe);
    const before = await orderRow(t, order.id);
    const res = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('invalid_transition');
    expect(await orderRow(t, order.id)).toEqual(before);
  });

  it('cancelling a placed order expires its session, so it can no longer be paid', async () => {
    const { order, session } = await checkoutWithStripe(t, stripe);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Damaged' });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
  });

  it('cancelling a paid order refunds it through Stripe once; a failure is retried and shown on the order', async () => {
    const { items, order, session } = await checkoutWithStripe(t, stripe);
    const completed = stripe.complete(session.id);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    // Stripe is down for the first attempt (the SDK's own retries included).
    stripe.failNext('/v1/refunds', 3);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Out of stock after all',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({
      status: 'refund_pending',
      refunds: [{ amount_cents: 4200, state: 'pending', error: null }],
    });
    expect((await itemRow(t, items[0]!.id)).status).toBe('available');
    await t.app.jobs.drain();
    const failed = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(failed.payment.status).toBe('refund_pending');
    expect(failed.payment.refunds[0].error).toMatch(/outage|500|error/i);
    // The queue retries after its backoff: the refund goes through, once.
    t.clock.advance(2 * MINUTE);
    await t.app.jobs.drain();
    const done = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(done.payment).toMatchObject({
      status: 'refunded',
      payment_intent_id: completed.payment_intent,
      refunds: [{ state: 'succeeded', error: null, reference: expect.stringMatching(/^re_/) }],
    });
    const refunds = stripe.refunds.filter((r) => r.payment_intent === completed.payment_intent);
    expect(refunds).toHaveLength(1);
    // Every attempt carried the same key.
    const { checkout_key } = await orderRow(t, order.id);
    const keys = new Set(
      stripe
        .calls('POST', '/v1/refunds')
        .filter((call) => call.params.payment_intent === completed.payment_intent)
        .map((call) => call.idempotencyKey),
    );
    expect([...keys]).toEqual([`refund-${checkout_key}`]);
  });
});

describe('an event that never arrives (the overdue-payment job asks Stripe)', () => {
  /** One run of the recurring job, as the worker would run it. */
  async function settleOverdue() {
    await enqueue(t.db, SETTLE_OVERDUE_PAYMENTS_JOB, {}, { key: 'recurring', now: t.clock.now() });
    await t.app.jobs.drain();
  }

  it('a session paid whose event was lost: the order is paid and its items sold once the page has closed', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id);
    await settleOverdue();
    expect((await orderRow(t, order.id)).state).toBe('placed');
    t.clock.set(new Date(session.expires_at * 1000 + 3 * MINUTE));
    await settleOverdue();
    expect((await orderRow(t, order.id)).state).toBe('paid');
    expect(await itemRow(t, items[0]!.id)).toMatchObject({ status: 'sold', sold_to: buyer.id });
    // The late event itself then changes nothing.
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('a session still open past its time is expired at Stripe and the order cancelled, its items released', async () => {
    const { items, order, session } = await checkoutWithStripe(t, stripe);
    t.clock.set(new Date(session.expires_at * 1000 + 3 * MINUTE));
    await settleOverdue();
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect((await orderRow(t, order.id)).state).toBe('cancelled');
    expect((await itemRow(t, items[0]!.id)).status).toBe('available');
  });
});
