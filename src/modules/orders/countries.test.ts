import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { ADDRESS, checkoutWith, countRows, placeOrder } from '../../../test/support/orders.js';

// Issue 30 item 7: the country was a free two-letter box ("uk" and "ZZ" were taken) and
// every address printed in continental order. A country is an ISO 3166-1 alpha-2 code of
// a real country, checked on the server; an address prints in its country's own order.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.mail.clear());

const LONDON = {
  name: 'Ann Lee',
  line1: '10 Downing Street',
  postal_code: 'SW1A 2AA',
  city: 'London',
  country: 'GB',
};

const saveAddress = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/me/addresses',
    payload,
    ...withSession(cookie),
  });

describe('POST /api/cart/checkout with a shipping address', () => {
  it.each([
    ['uk', /GB/],
    ['ZZ', /not a country/i],
    ['EU', /not a country/i],
  ])(
    'refuses country "%s" with 400 invalid_country beside the field: nothing sold, nothing written',
    async (country, message) => {
      const buyer = await makeCustomer(t);
      const item = await makeItem(t.db);
      await addToCart(t, buyer.cookie, item.id);
      const before = await itemRow(t, item.id);
      const orders = await countRows(t, 'orders');
      const res = await checkoutWith(t, buyer.cookie, {
        shipping_address: { ...LONDON, country },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_country',
        field: 'shipping_address/country',
        message: expect.stringMatching(message),
      });
      expect(await itemRow(t, item.id)).toEqual(before);
      expect(await countRows(t, 'orders')).toBe(orders);
    },
  );

  it('takes a real country in any case and stores it upper case', async () => {
    const { order } = await placeOrder(t, {
      body: { shipping_address: { ...LONDON, country: 'gb' } },
    });
    expect(order.shipping_address.country).toBe('GB');
  });
});

describe('POST /api/customers/me/addresses', () => {
  it.each(['uk', 'ZZ'])(
    'refuses country "%s" with 400 invalid_country; nothing saved',
    async (country) => {
      const buyer = await makeCustomer(t);
      const rows = await countRows(t, 'customer_addresses');
      const res = await saveAddress(buyer.cookie, { ...ADDRESS, country });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_country', field: 'country' });
      expect(await countRows(t, 'customer_addresses')).toBe(rows);
    },
  );

  it('a saved address whose country is no country (kept from before) is refused at checkout', async () => {
    const buyer = await makeCustomer(t);
    const saved = await saveAddress(buyer.cookie, ADDRESS);
    await t.db
      .updateTable('customer_addresses')
      .set({ country: 'UK' })
      .where('id', '=', saved.json().id)
      .execute();
    const item = await makeItem(t.db);
    await addToCart(t, buyer.cookie, item.id);
    const orders = await countRows(t, 'orders');
    const res = await checkoutWith(t, buyer.cookie, { address_id: saved.json().id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_country', field: 'address_id' });
    expect((await itemRow(t, item.id)).status).toBe('reserved');
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});

describe('an address in the order mails is written as its country writes it', () => {
  it('a UK address: town, then postcode on its own line, then the country', async () => {
    const { buyer, order } = await placeOrder(t, { body: { shipping_address: LONDON } });
    await t.mail.settle();
    const text = t.mail.titled(buyer.email, `Your order ${order.number}`).text;
    expect(text).toContain(
      'We send it to:\nAnn Lee\n10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom',
    );
  });

  it('a German address: postal code before the town', async () => {
    const { buyer, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    await t.mail.settle();
    const text = t.mail.titled(buyer.email, `Your order ${order.number}`).text;
    expect(text).toContain('We send it to:\nAnn Lee\nHauptstraße 5\n10115 Berlin\nGermany');
  });
});
