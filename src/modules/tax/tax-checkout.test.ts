import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { makeItem } from '../../../test/support/factories.js';
import { ADDRESS, checkoutWith, orderRow } from '../../../test/support/orders.js';

// Issue 34 item 3: prices include VAT. The quote and the order say what the total
// contains (tax_cents), reckoned per line and for shipping, and never add it: the
// buyer pays items and shipping, as quoted.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
  const rates = await admin('PUT', '/api/admin/shipping', {
    zones: [
      { name: 'Home', countries: ['DE'], rates: [{ up_to_grams: null, price_cents: 490 }] },
      { name: 'EU', countries: ['AT'], rates: [{ up_to_grams: null, price_cents: 1_490 }] },
    ],
    free_over_cents: null,
  });
  expect(rates.statusCode, rates.body).toBe(200);
});
afterAll(() => t.close());

const setTax = async (tax: object) => {
  const res = await admin('PUT', '/api/admin/shop', { tax });
  expect(res.statusCode, res.body).toBe(200);
};

/** A buyer holding fresh items at these prices. */
async function holding(prices: number[]) {
  const buyer = await makeCustomer(t);
  for (const priceCents of prices) {
    const item = await makeItem(t.db, { priceCents });
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
  }
  return buyer;
}

const quote = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/cart/quote', ...withSession(cookie), payload: body });

describe('tax in the quote and the order', () => {
  it('included: odd amounts, per line half up, shipping too; total is items + shipping; the order keeps the same', async () => {
    await setTax({ mode: 'included', rate_bp: 1900, rates_bp: { AT: 2000 } });
    // 0.01, 1.19 and 999.99 at 19 % contain 0.00, 0.19 and 159.66; shipping 4.90 contains 0.78.
    const buyer = await holding([1, 119, 99_999]);
    const res = await quote(buyer.cookie, { shipping_address: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      items_cents: 100_119,
      shipping_cents: 490,
      tax_cents: 0 + 19 + 15_966 + 78,
      total_cents: 100_609,
      tax: { mode: 'included', rate_bp: 1900, wording: null },
    });
    const checkout = await checkoutWith(t, buyer.cookie, { shipping_address: ADDRESS });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = checkout.json().order;
    expect(order).toMatchObject({ tax_cents: 16_063, total_cents: 100_609, shipping_cents: 490 });
    expect(await orderRow(t, order.id)).toMatchObject({ tax_cents: 16_063, total_cents: 100_609 });
    // The confirmation says the VAT the total contains.
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).text).toContain('Total: €1,006.09 (includes VAT €160.63)');
  });

  it('included: a destination with its own rate (OSS) is taxed at it, its shipping too', async () => {
    await setTax({ mode: 'included', rate_bp: 1900, rates_bp: { AT: 2000 } });
    const buyer = await holding([99_999]);
    const at = { ...ADDRESS, country: 'at', city: 'Wien', postal_code: '1010' };
    const res = await quote(buyer.cookie, { shipping_address: at });
    // 999.99 at 20 % holds 166.665 → 166.67; 14.90 holds 2.4833 → 2.48.
    expect(res.json()).toMatchObject({
      tax_cents: 16_667 + 248,
      total_cents: 101_489,
      tax: { rate_bp: 2000 },
    });
    const pickup = await quote(buyer.cookie, {});
    // Picked up at the shop: the shop's own rate, no shipping.
    expect(pickup.json()).toMatchObject({ tax_cents: 15_966, total_cents: 99_999 });
  });

  it('margin: no VAT shown (0), the total unchanged', async () => {
    await setTax({ mode: 'margin', rate_bp: 1900 });
    const buyer = await holding([119]);
    const res = await quote(buyer.cookie, { shipping_address: ADDRESS });
    expect(res.json()).toMatchObject({
      tax_cents: 0,
      total_cents: 609,
      tax: { mode: 'margin', rate_bp: 0, wording: 'Margin scheme – second-hand goods' },
    });
    const checkout = await checkoutWith(t, buyer.cookie, { shipping_address: ADDRESS });
    expect(checkout.json().order).toMatchObject({ tax_cents: 0, total_cents: 609 });
  });

  it('none: no VAT, the owner’s note for the cart to show', async () => {
    await setTax({ mode: 'none', note: 'No VAT: small business exemption.' });
    const buyer = await holding([119]);
    const res = await quote(buyer.cookie, {});
    expect(res.json()).toMatchObject({
      tax_cents: 0,
      total_cents: 119,
      tax: { mode: 'none', rate_bp: 0, wording: 'No VAT: small business exemption.' },
    });
  });
});
