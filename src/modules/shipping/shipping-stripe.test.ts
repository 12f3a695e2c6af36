import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../../../test/support/admin.js';
import type { TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { makeItem } from '../../../test/support/factories.js';
import { ADDRESS, checkoutWith, countRows } from '../../../test/support/orders.js';
import type { StripeServer } from '../../../test/support/stripe-server.js';
import {
  buyersOrder,
  checkoutWithStripe,
  postEvent,
  stripeShop,
} from '../../../test/support/stripe-shop.js';

// Issue 34 item 2: with card payments the Checkout Session charges the order's total,
// shipping included, as Checkout's own shipping line; the paid event matches it.
let shop: Awaited<ReturnType<typeof stripeShop>>;
let t: TestApp;
let stripe: StripeServer;
beforeAll(async () => {
  shop = await stripeShop();
  ({ t, stripe } = shop);
  const admin = await adminClient(t.app);
  const put = await admin('PUT', '/api/admin/shipping', {
    zones: [
      { name: 'Germany', countries: ['DE'], rates: [{ up_to_grams: null, price_cents: 650 }] },
    ],
    free_over_cents: null,
  });
  expect(put.statusCode).toBe(200);
});
afterAll(() => shop.close());

describe('the Checkout Session charges shipping', () => {
  it('a shipping option of the order’s shipping, amount_total = the order total; paid, the order is paid', async () => {
    const { buyer, order, session } = await checkoutWithStripe(t, stripe, {
      count: 2,
      priceCents: 4_200,
      body: { shipping_address: ADDRESS },
    });
    expect(order).toMatchObject({ shipping_cents: 650, total_cents: 9_050 });
    expect(session.shipping_cost).toEqual({ amount_total: 650, display_name: 'Shipping' });
    expect(session.amount_total).toBe(9_050);
    const sent = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!.params;
    expect(sent.shipping_options).toEqual({
      '0': {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Shipping',
          fixed_amount: { amount: '650', currency: 'eur' },
        },
      },
    });
    const paid = stripe.event('checkout.session.completed', stripe.complete(session.id).id);
    expect((await postEvent(t.app, stripe, paid)).statusCode).toBe(200);
    expect(await buyersOrder(t, buyer, order.id)).toMatchObject({
      state: 'paid',
      total_cents: 9_050,
    });
  });

  it('a pickup order’s session has no shipping option', async () => {
    const { order, session } = await checkoutWithStripe(t, stripe, { priceCents: 3_000 });
    expect(order).toMatchObject({ shipping_cents: 0, total_cents: 3_000 });
    expect(session.shipping_cost).toBeNull();
    expect(session.amount_total).toBe(3_000);
  });

  it('a country in no zone is 409 before any session is opened', async () => {
    const before = stripe.calls('POST', '/v1/checkout/sessions').length;
    const buyer = await makeCustomer(t);
    const item = await makeItem(t.db);
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
    const orders = await countRows(t, 'orders');
    const res = await checkoutWith(t, buyer.cookie, {
      shipping_address: { ...ADDRESS, country: 'CH' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_shipping_to_country');
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(before);
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});
