import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { orderRow, placeOrder } from '../../../test/support/orders.js';
import { checkoutWithStripe, postEvent, stripeShop } from '../../../test/support/stripe-shop.js';
import { inTransaction } from '../../db/transaction.js';
import { requestRefundIn } from './order-refunds.js';

// Issue 32 item 4: the refund step, refund(order, {amount_cents, reason, idempotency_key}),
// for every provider; partial refunds of a later issue call it the same way.
describe('manual payments: a refund is recorded for the shop to pay back by hand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ...ADMIN_ENV, PAYMENT_PROVIDER: 'manual', SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02' },
    });
  });
  afterAll(() => t.close());

  it('cancelling a paid manual order records a refund of the total, to pay by hand', async () => {
    const admin = await adminClient(t.app);
    const { order } = await placeOrder(t, { priceCents: 2500 });
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Broken' });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    const shown = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(shown.payment).toMatchObject({
      provider: 'manual',
      status: 'refund_by_hand',
      refunds: [{ amount_cents: 2500, reason: 'Broken', state: 'to_pay_by_hand' }],
    });
  });

  it('an unpaid manual order cancelled has nothing to give back', async () => {
    const admin = await adminClient(t.app);
    const { order } = await placeOrder(t);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Asked' });
    expect(res.json().payment).toMatchObject({ status: 'cancelled', refunds: [] });
  });
});

describe('stripe: a partial refund through the same step, once per key', () => {
  let shop: Awaited<ReturnType<typeof stripeShop>>;
  beforeAll(async () => {
    shop = await stripeShop();
  });
  afterAll(() => shop.close());

  it('two requests with one key refund once, for the amount asked', async () => {
    const { t, stripe } = shop;
    const { order, session } = await checkoutWithStripe(t, stripe, { count: 2 });
    const completed = stripe.complete(session.id);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    const row = await orderRow(t, order.id);
    const request = {
      amount_cents: 1000,
      reason: 'One piece returned',
      idempotency_key: 'partial-1',
    };
    for (let i = 0; i < 2; i++)
      await inTransaction(t.db, (trx) => requestRefundIn(trx, row, request, t.clock.now()));
    await t.app.jobs.drain();
    expect(stripe.refunds.filter((r) => r.payment_intent === completed.payment_intent)).toEqual([
      expect.objectContaining({ amount: 1000, key: 'partial-1' }),
    ]);
    expect((await orderRow(t, order.id)).state).toBe('paid');
  });
});
