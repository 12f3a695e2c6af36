import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, checkout, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import {
  ADDRESS,
  checkoutWith,
  countRows,
  orderRow,
  placeOrder,
} from '../../../test/support/orders.js';
import { acceptingPayments, type PaymentOrder } from '../commerce/payments.js';

// Issue 18 items 1–3 and 5: the price held is the price charged; an order per
// checkout, written with the sale, never changed by later edits; the address.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
const captured: PaymentOrder[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    env: ADMIN_ENV,
    deps: {
      payments: {
        ...acceptingPayments,
        async capture(key, order) {
          captured.push(order);
          return { reference: `pay-${key}` };
        },
        async void() {},
      },
    },
  });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  captured.length = 0;
  t.mail.clear();
});

describe('the price is fixed when the item is held', () => {
  it('an admin price edit on a held item changes the list price; the holder is charged the held price', async () => {
    const buyer = await makeCustomer(t);
    const item = await makeItem(t.db, { priceCents: 500 });
    await addToCart(t, buyer.cookie, item.id);
    const edit = await admin('PATCH', `/api/admin/items/${item.id}`, { price_cents: 500_000 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().price_cents).toBe(500_000);
    // The cart shows what checkout will charge.
    expect((await viewCart(t, buyer.cookie)).json().items[0].price_cents).toBe(500);
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(captured).toEqual([
      expect.objectContaining({ totalCents: 500, items: [{ id: item.id, price_cents: 500 }] }),
    ]);
    expect(res.json().order).toMatchObject({ total_cents: 500, lines: [{ price_cents: 500 }] });
    expect((await itemRow(t, item.id)).held_price_cents).toBeNull();
  });

  it('a hold taken after the edit holds the new price', async () => {
    const buyer = await makeCustomer(t);
    const item = await makeItem(t.db, { priceCents: 500 });
    await admin('PATCH', `/api/admin/items/${item.id}`, { price_cents: 900 });
    await addToCart(t, buyer.cookie, item.id);
    expect((await checkout(t, buyer.cookie)).json().order.total_cents).toBe(900);
  });
});

describe('POST /api/cart/checkout writes an order with the sale', () => {
  it('without a body: a pickup order with lines, buyer, total and the payment reference', async () => {
    const buyer = await makeCustomer(t, { firstName: 'Ann' });
    const a = await makeItem(t.db, { title: 'Teak table', priceCents: 8000, images: 2 });
    const b = await makeItem(t.db, { title: 'Oak chair', priceCents: 2500 });
    await addToCart(t, buyer.cookie, a.id);
    await addToCart(t, buyer.cookie, b.id);
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sold_item_ids).toEqual([a.id, b.id]);
    expect(body.order).toMatchObject({
      number: expect.stringMatching(/^SO-\d{6}$/),
      state: 'paid',
      customer_id: buyer.id,
      buyer: { name: 'Ann Lee', email: buyer.email },
      fulfilment: 'pickup',
      shipping_address: null,
      total_cents: 10_500,
      currency: 'EUR',
      payment_reference: expect.stringMatching(/^pay-/),
      lines: [
        {
          item_id: a.id,
          title: 'Teak table',
          price_cents: 8000,
          image: `/media/test/${a.id}-0.jpg`,
        },
        { item_id: b.id, title: 'Oak chair', price_cents: 2500, image: null },
      ],
      // Issue 34 item 5: nothing withdrawn or paid back; the 14 days begin at hand-over.
      withdrawal: null,
      withdrawal_period_ends_at: null,
      refunds: [],
      refunded_at: null,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${body.order.id}`,
      ...withSession(buyer.cookie),
    });
    expect(mine.json()).toEqual(body.order);
  });

  it('with a shipping address: stored trimmed, country upper case, line2 and phone null', async () => {
    const { order } = await placeOrder(t, {
      body: { shipping_address: { ...ADDRESS, city: ' Berlin ' }, note: 'Ring twice' },
    });
    expect(order.fulfilment).toBe('shipping');
    expect(order.shipping_address).toEqual({
      name: 'Ann Lee',
      line1: 'Hauptstraße 5',
      line2: null,
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: null,
    });
    expect(order.note).toBe('Ring twice');
  });

  it.each([
    ['a country that is not two letters', { shipping_address: { ...ADDRESS, country: 'DEU' } }],
    [
      'a blank city',
      { shipping_address: { ...ADDRESS, city: '   ' } },
      'shipping_address_required',
    ],
    ['a missing line1', { shipping_address: { ...ADDRESS, line1: undefined } }],
    ['an over-long name', { shipping_address: { ...ADDRESS, name: 'x'.repeat(121) } }],
    ['an over-long note', { note: 'x'.repeat(1001) }],
    ['an unknown field', { gift_wrap: true }],
    ['an address and a saved address', { shipping_address: ADDRESS, address_id: 1 }],
    ['an address id beyond any id', { address_id: 2 ** 31 }],
  ])(
    'refuses %s with 400, nothing sold, nothing written',
    async (_case, body, code = 'invalid_body') => {
      const buyer = await makeCustomer(t);
      const item = await makeItem(t.db);
      await addToCart(t, buyer.cookie, item.id);
      const before = await itemRow(t, item.id);
      const orders = await countRows(t, 'orders');
      const res = await checkoutWith(t, buyer.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(await itemRow(t, item.id)).toEqual(before);
      expect(await countRows(t, 'orders')).toBe(orders);
      expect(captured).toEqual([]);
    },
  );

  it('an empty cart is still 409 cart_empty, and no order is written', async () => {
    const buyer = await makeCustomer(t);
    const orders = await countRows(t, 'orders');
    const res = await checkoutWith(t, buyer.cookie, { shipping_address: ADDRESS });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('cart_empty');
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});

describe('an order keeps what was sold, as it was', () => {
  it('later edits of the item and of the customer change nothing in the order', async () => {
    const { buyer, items, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    const item = items[0]!;
    const edit = await admin('PATCH', `/api/admin/items/${item.id}`, {
      title: 'Renamed',
      price_cents: 99_999,
    });
    expect(edit.statusCode).toBe(200);
    await t.db.deleteFrom('item_images').where('item_id', '=', item.id).execute();
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/customers/me',
      payload: { first_name: 'Zoe', last_name: 'Quinn' },
      ...withSession(buyer.cookie),
    });
    expect(profile.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/customers/me/orders',
      ...withSession(buyer.cookie),
    });
    expect(after.json().orders).toEqual([order]);
    const detail = await admin('GET', `/api/admin/orders/${order.id}`);
    expect(detail.json()).toEqual(order);
  });
});

describe('the confirmation mail', () => {
  it('goes to the buyer after the commit with the lines, the total and the address', async () => {
    const { buyer, order } = await placeOrder(t, {
      count: 2,
      body: { shipping_address: ADDRESS },
      priceCents: 1250,
    });
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.subject).toBe(`Your order ${order.number}`);
    expect(mail.text).toContain(`- ${order.lines[0].title}: €12.50`);
    expect(mail.text).toContain('Total: €25.00');
    expect(mail.text).toContain('10115 Berlin');
    expect(mail.text).toContain(`/account/orders/${order.id}`);
  });

  it('a mail server that refuses it leaves the order and the sale as they are', async () => {
    const buyer = await makeCustomer(t);
    t.mail.failFor(buyer.email);
    const { order, items } = await placeOrder(t, { buyer });
    await t.mail.settle();
    expect(t.mail.failures).toContain(buyer.email);
    expect((await orderRow(t, order.id)).state).toBe('paid');
    expect((await itemRow(t, items[0]!.id)).status).toBe('sold');
  });
});

describe('saved addresses', () => {
  const addresses = (cookie: string, method = 'GET', url = '', payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/customers/me/addresses${url}`,
      ...withSession(cookie),
      ...(payload ? { payload } : {}),
    });

  it('are created, listed, replaced and deleted by their owner only', async () => {
    const ann = await makeCustomer(t);
    const bob = await makeCustomer(t);
    const created = await addresses(ann.cookie, 'POST', '', { ...ADDRESS, phone: '+49 30 1234' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ country: 'DE', phone: '+49 30 1234', line2: null });
    expect((await addresses(ann.cookie)).json().addresses).toHaveLength(1);
    expect((await addresses(bob.cookie)).json().addresses).toEqual([]);
    expect((await addresses(bob.cookie, 'PUT', `/${id}`, ADDRESS)).statusCode).toBe(404);
    expect((await addresses(bob.cookie, 'DELETE', `/${id}`)).statusCode).toBe(404);
    const replaced = await addresses(ann.cookie, 'PUT', `/${id}`, { ...ADDRESS, city: 'Hamburg' });
    expect(replaced.json()).toMatchObject({ id, city: 'Hamburg', phone: null });
    expect((await addresses(ann.cookie, 'DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await addresses(ann.cookie)).json().addresses).toEqual([]);
  });

  it('an account keeps at most 10: the 11th is 409 too_many_addresses, nothing written', async () => {
    const ann = await makeCustomer(t);
    for (let i = 0; i < 10; i++) await addresses(ann.cookie, 'POST', '', ADDRESS);
    const count = await countRows(t, 'customer_addresses');
    const res = await addresses(ann.cookie, 'POST', '', ADDRESS);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_addresses');
    expect(await countRows(t, 'customer_addresses')).toBe(count);
  });

  it('one is picked at checkout by id; the order keeps a copy when the address changes', async () => {
    const ann = await makeCustomer(t);
    const id = (await addresses(ann.cookie, 'POST', '', ADDRESS)).json().id;
    const { order } = await placeOrder(t, { buyer: ann, body: { address_id: id } });
    expect(order.shipping_address).toMatchObject({ city: 'Berlin', country: 'DE' });
    await addresses(ann.cookie, 'PUT', `/${id}`, { ...ADDRESS, city: 'Hamburg' });
    expect((await orderRow(t, order.id)).shipping_address).toMatchObject({ city: 'Berlin' });
  });

  it('another customer’s address id is 400 unknown_address: nothing sold, nothing written', async () => {
    const ann = await makeCustomer(t);
    const bob = await makeCustomer(t);
    const id = (await addresses(ann.cookie, 'POST', '', ADDRESS)).json().id;
    const item = await makeItem(t.db);
    await addToCart(t, bob.cookie, item.id);
    const orders = await countRows(t, 'orders');
    const res = await checkoutWith(t, bob.cookie, { address_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'unknown_address', field: 'address_id' });
    expect((await itemRow(t, item.id)).status).toBe('reserved');
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});
