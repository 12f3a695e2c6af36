import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, checkout, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { acceptingPayments, paymentDeclined } from './payments.js';

let t: TestApp;
// The payment step of the app under test: accepting unless a test says otherwise.
let payment: (order: { buyerId: number; totalCents: number }) => Promise<void>;
const accept = async () => {};
beforeAll(async () => {
  payment = accept;
  t = await buildTestApp({
    deps: {
      payments: {
        ...acceptingPayments,
        capture: async (key, order) => {
          await payment(order);
          return { reference: key };
        },
        void: async () => {},
      },
    },
  });
});
afterAll(() => t.close());

describe('POST /api/cart/checkout', () => {
  it('sells every held item to the caller in one go: 200 {sold_item_ids}', async () => {
    const customer = await makeCustomer(t);
    const [a, b] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, customer.cookie, a.id);
    await addToCart(t, customer.cookie, b.id);
    t.clock.advance(60_000);
    const res = await checkout(t, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_item_ids).toEqual([a.id, b.id]);
    for (const id of [a.id, b.id]) {
      expect(await itemRow(t, id)).toMatchObject({
        status: 'sold',
        sold_to: customer.id,
        sold_at: t.clock.now(),
        reserved_by: null,
        reserved_until: null,
      });
    }
    expect((await viewCart(t, customer.cookie)).json()).toEqual({
      items: [],
      reserved_until: null,
    });
  });

  it('sells only the caller’s holds, never another customer’s', async () => {
    const [ann, bo] = [await makeCustomer(t), await makeCustomer(t)];
    const [a, b] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, ann.cookie, a.id);
    await addToCart(t, bo.cookie, b.id);
    const before = await itemRow(t, b.id);
    expect((await checkout(t, ann.cookie)).json().sold_item_ids).toEqual([a.id]);
    expect(await itemRow(t, b.id)).toEqual(before);
  });

  it('refuses an empty cart with 409 cart_empty', async () => {
    const customer = await makeCustomer(t);
    const res = await checkout(t, customer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('cart_empty');
  });

  it('a second checkout of the same cart finds it empty: sold once (spec 1)', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    expect((await checkout(t, customer.cookie)).statusCode).toBe(200);
    const after = await itemRow(t, item.id);
    const again = await checkout(t, customer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('cart_empty');
    expect(await itemRow(t, item.id)).toEqual(after);
  });

  it('runs the payment step before the commit with the buyer and the total', async () => {
    const customer = await makeCustomer(t);
    const [a, b] = [await makeItem(t.db, { priceCents: 1500 }), await makeItem(t.db)];
    await addToCart(t, customer.cookie, a.id);
    await addToCart(t, customer.cookie, b.id);
    const orders: Array<{ buyerId: number; totalCents: number }> = [];
    payment = async (order) => {
      orders.push(order);
    };
    try {
      expect((await checkout(t, customer.cookie)).statusCode).toBe(200);
    } finally {
      payment = accept;
    }
    expect(orders).toEqual([
      expect.objectContaining({ buyerId: customer.id, totalCents: 1500 + 8000 }),
    ]);
  });

  it('a declined payment sells nothing: 402 payment_declined, the cart is still held', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const before = await itemRow(t, item.id);
    payment = async () => {
      throw paymentDeclined();
    };
    t.logs.clear();
    try {
      const res = await checkout(t, customer.cookie);
      expect(res.statusCode).toBe(402);
      expect(res.json().error.code).toBe('payment_declined');
    } finally {
      payment = accept;
    }
    expect(await itemRow(t, item.id)).toEqual(before);
    expect(t.logs.entries().filter((entry) => entry.msg === 'items sold')).toEqual([]);
    expect((await checkout(t, customer.cookie)).statusCode).toBe(200);
  });

  it('refuses a caller without a session with 401 not_signed_in; nothing is sold', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const before = await itemRow(t, item.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/checkout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
    expect(await itemRow(t, item.id)).toEqual(before);
  });
});

describe('limits on the cart (docs/decisions.md, Commerce)', () => {
  it('the 31st add within 10 minutes is 429 for that customer only', async () => {
    const [busy, other] = [await makeCustomer(t), await makeCustomer(t)];
    const item = await makeItem(t.db);
    for (let i = 0; i < 30; i++) {
      expect((await addToCart(t, busy.cookie, item.id)).statusCode).toBe(200);
    }
    const untouched = await makeItem(t.db);
    const refused = await addToCart(t, busy.cookie, untouched.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await itemRow(t, untouched.id)).status).toBe('available');
    expect((await addToCart(t, other.cookie, (await makeItem(t.db)).id)).statusCode).toBe(200);
  });

  it('the 11th checkout within 15 minutes is 429, and a signed-out call is not counted', async () => {
    const customer = await makeCustomer(t);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/cart/checkout' })).statusCode).toBe(
        401,
      );
    }
    for (let i = 0; i < 10; i++) expect((await checkout(t, customer.cookie)).statusCode).toBe(409);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const before = await itemRow(t, item.id);
    const refused = await checkout(t, customer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(await itemRow(t, item.id)).toEqual(before);
  });
});
