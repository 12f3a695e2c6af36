import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/support/build-test-app.js';
import { addToCart, checkout, viewCart } from '../../../../test/support/commerce.js';
import { makeCustomer } from '../../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../../test/support/factories.js';
import { ADDRESS, countRows, orderRow } from '../../../../test/support/orders.js';
import { STRIPE_SECRET_KEY, type StripeServer } from '../../../../test/support/stripe-server.js';
import { checkoutWithStripe, stripeShop } from '../../../../test/support/stripe-shop.js';

const MINUTE = 60_000;

// Issue 32 item 2: checkout with PAYMENT_PROVIDER=stripe places the order, extends the
// holds over the payment window and opens a Checkout Session; nothing is sold yet.
let shop: Awaited<ReturnType<typeof stripeShop>>;
let t: TestApp;
let stripe: StripeServer;
beforeAll(async () => {
  shop = await stripeShop();
  ({ t, stripe } = shop);
});
afterAll(() => shop.close());
beforeEach(() => t.mail.clear());

describe('POST /api/cart/checkout with stripe', () => {
  it('answers the order placed and the payment page; nothing is sold, the items stay held by the buyer', async () => {
    const { buyer, items, order, session, paymentUrl } = await checkoutWithStripe(t, stripe, {
      count: 2,
    });
    expect(paymentUrl).toBe(session.url);
    expect(paymentUrl.startsWith(`${stripe.url}/pay/`)).toBe(true);
    expect(order).toMatchObject({
      state: 'placed',
      total_cents: 8400,
      // Not a bank transfer: no last day to pay, no bank details, never auto-cancelled as unpaid.
      payment_due_at: null,
      payment_due_date: null,
      payment_instructions: null,
      payment: {
        provider: 'stripe',
        status: 'awaiting_payment',
        payment_url: paymentUrl,
        payment_intent_id: null,
        refunds: [],
      },
    });
    for (const item of items)
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'reserved',
        reserved_by: buyer.id,
        sold_to: null,
      });
    // The buyer is told once the payment has arrived, not now.
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
  });

  it('the session: the order’s lines at the held prices, its currency, its id, a key derived from it, our return pages', async () => {
    const { order, session } = await checkoutWithStripe(t, stripe, { priceCents: 1999 });
    const created = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!;
    const row = await orderRow(t, order.id);
    expect(created.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(created.idempotencyKey).toBe(`checkout-${row.checkout_key}`);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: String(order.id),
      currency: 'eur',
      amount_total: 1999,
      line_items: [{ name: order.lines[0].title, unit_amount: 1999, quantity: 1 }],
      success_url: `${t.config.publicBaseUrl.origin}/account/orders/${order.id}?payment=done`,
      cancel_url: `${t.config.publicBaseUrl.origin}/cart?payment=cancelled`,
      metadata: { order_id: String(order.id), order_number: order.number },
    });
    expect(row.payment_reference).toBe(session.id);
  });

  it('the holds are extended to the session’s expiry: 31 minutes from now, never before the cart’s own deadline', async () => {
    const { buyer, items, session } = await checkoutWithStripe(t, stripe);
    const expiresAt = session.expires_at * 1000;
    expect(expiresAt).toBe(
      t.clock.now().getTime() + 31 * MINUTE - (t.clock.now().getTime() % 1000),
    );
    const held = await itemRow(t, items[0]!.id);
    // Contract: expires_at ≤ the holds' deadline.
    expect(held.reserved_until!.getTime()).toBeGreaterThanOrEqual(expiresAt);
    const cart = (await viewCart(t, buyer.cookie)).json();
    expect(cart.items.map((item: { id: number }) => item.id)).toEqual([items[0]!.id]);
    expect(new Date(cart.reserved_until).getTime()).toBe(held.reserved_until!.getTime());
  });

  it('the hold sweeper leaves the items alone until the session expired and a margin for a late event has passed', async () => {
    const { items, session } = await checkoutWithStripe(t, stripe);
    const expiresAt = session.expires_at * 1000;
    t.clock.set(new Date(expiresAt + 10 * MINUTE));
    expect(await t.app.cartJobs.releaseExpiredHolds()).not.toContain(items[0]!.id);
    expect((await itemRow(t, items[0]!.id)).status).toBe('reserved');
    t.clock.set(new Date(expiresAt + 16 * MINUTE));
    expect(await t.app.cartJobs.releaseExpiredHolds()).toContain(items[0]!.id);
  });

  it('a shipping address goes on the order as with every provider', async () => {
    const { order } = await checkoutWithStripe(t, stripe, { body: { shipping_address: ADDRESS } });
    expect(order).toMatchObject({ fulfilment: 'shipping', shipping_address: { city: 'Berlin' } });
  });

  it('an empty cart is 409 cart_empty: no order, no session', async () => {
    const buyer = await makeCustomer(t);
    const sessions = stripe.sessions.size;
    const orders = await countRows(t, 'orders');
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('cart_empty');
    expect(stripe.sessions.size).toBe(sessions);
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});

describe('back from the payment page without paying (cancel_url)', () => {
  it('checking out the same cart again offers the same page: no second order, no second session', async () => {
    const { buyer, order, paymentUrl } = await checkoutWithStripe(t, stripe, { count: 2 });
    const sessions = stripe.sessions.size;
    const again = await checkout(t, buyer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ payment_url: paymentUrl, order: { id: order.id } });
    expect(stripe.sessions.size).toBe(sessions);
  });

  it('a changed cart gets a new page: the old session is expired at Stripe, its order withdrawn quietly, the items kept', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    const extra = await makeItem(t.db, { priceCents: 500 });
    expect((await addToCart(t, buyer.cookie, extra.id)).statusCode).toBe(200);
    const again = await checkout(t, buyer.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).not.toBe(order.id);
    expect(again.json().order.total_cents).toBe(4200 + 500);
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(await orderRow(t, order.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Replaced by a new checkout.',
      cancel_reason_code: 'replaced',
    });
    for (const item of [...items, extra])
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'reserved',
        reserved_by: buyer.id,
      });
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
  });
});

describe('the payment page cannot be opened', () => {
  it('503 payment_unavailable; the order is withdrawn, the cart held as it was, deadline unchanged', async () => {
    const item = await makeItem(t.db);
    const other = await makeCustomer(t);
    const orders = await countRows(t, 'orders');
    expect((await addToCart(t, other.cookie, item.id)).statusCode).toBe(200);
    const before = await itemRow(t, item.id);
    // The SDK retries a 500 twice with the same key; all three fail.
    stripe.failNext('/v1/checkout/sessions', 3);
    const res = await checkout(t, other.cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payment_unavailable');
    expect(await itemRow(t, item.id)).toEqual(before);
    expect((await viewCart(t, other.cookie)).json().items).toHaveLength(1);
    // The withdrawn order is kept (it was numbered) as cancelled, with no page to pay on.
    expect(await countRows(t, 'orders')).toBe(orders + 1);
    // The next try opens the page.
    const retry = await checkout(t, other.cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment_url).toMatch(/\/pay\/cs_test_/);
    await t.mail.settle();
    expect(t.mail.to(other.email)).toEqual([]);
  });
});
