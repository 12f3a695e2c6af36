import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, buyerHolding } from '../../../test/support/commerce.js';
import {
  type MadeCustomer,
  makeCustomer,
  withSession,
} from '../../../test/support/customer-factories.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { ADDRESS, checkoutWith, orderRow } from '../../../test/support/orders.js';

// Issue 34 item 2: zones by country, rates by weight band, free over an amount; the
// cart's quote and the order charge them. No zones: free everywhere, as before.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const RATES = {
  zones: [
    {
      name: 'Germany',
      countries: ['de'],
      rates: [
        { up_to_grams: 2_000, price_cents: 490 },
        { up_to_grams: 10_000, price_cents: 990 },
        { up_to_grams: null, price_cents: 2_900 },
      ],
    },
    {
      name: 'EU',
      countries: ['AT', 'FR', 'NL'],
      rates: [{ up_to_grams: 5_000, price_cents: 1_500 }],
    },
  ],
  free_over_cents: 50_000,
};

const setRates = async (body: object) => {
  const res = await admin('PUT', '/api/admin/shipping', body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const quote = (buyer: MadeCustomer, body?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    ...withSession(buyer.cookie),
    ...(body ? { payload: body } : {}),
  });

/** A buyer holding items of these weights (null: never weighed) at these prices. */
async function holding(pieces: Array<{ grams: number | null; cents?: number }>) {
  const buyer = await makeCustomer(t);
  const items = [];
  for (const piece of pieces) {
    const item = await makeItem(t.db, { priceCents: piece.cents ?? 10_000 });
    await t.db
      .updateTable('items')
      .set({ weight_grams: piece.grams })
      .where('id', '=', item.id)
      .execute();
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
    items.push(item);
  }
  return { buyer, items };
}

describe('GET / PUT /api/admin/shipping', () => {
  beforeEach(() => setRates({ zones: [], free_over_cents: null }));

  it('starts with no zones, and keeps what the owner puts (country codes upper case)', async () => {
    expect((await admin('GET', '/api/admin/shipping')).json()).toEqual({
      zones: [],
      free_over_cents: null,
    });
    const put = await setRates(RATES);
    const expected = {
      ...RATES,
      zones: [{ ...RATES.zones[0]!, countries: ['DE'] }, RATES.zones[1]],
    };
    expect(put.json()).toEqual(expected);
    expect((await admin('GET', '/api/admin/shipping')).json()).toEqual(expected);
  });

  it('is for the admin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/shipping' });
    expect(res.statusCode).toBe(401);
  });

  const zone = (countries: string[], rates: object[], name = 'Zone') => ({
    name,
    countries,
    rates,
  });
  const flat = [{ up_to_grams: null, price_cents: 500 }];
  it.each([
    [
      'a country in two zones',
      { zones: [zone(['DE'], flat, 'Home'), zone(['FR', 'de'], flat, 'Abroad')] },
      'country_in_two_zones',
      'zones/1/countries/1',
      /Germany \(DE\) is in two zones, "Home" and "Abroad"/,
    ],
    [
      'bands out of order',
      {
        zones: [
          zone(
            ['DE'],
            [
              { up_to_grams: 5_000, price_cents: 900 },
              { up_to_grams: 2_000, price_cents: 500 },
            ],
          ),
        ],
      },
      'invalid_rates',
      'zones/0/rates/1/up_to_grams',
      /from light to heavy: 2000 g comes after 5000 g/,
    ],
    [
      'two bands of one weight',
      {
        zones: [
          zone(
            ['DE'],
            [
              { up_to_grams: 2_000, price_cents: 500 },
              { up_to_grams: 2_000, price_cents: 900 },
            ],
          ),
        ],
      },
      'invalid_rates',
      'zones/0/rates/1/up_to_grams',
      /light to heavy/,
    ],
    [
      'the unlimited band before a limited one',
      { zones: [zone(['DE'], [...flat, { up_to_grams: 1_000, price_cents: 300 }])] },
      'invalid_rates',
      'zones/0/rates/0/up_to_grams',
      /must come last/,
    ],
    [
      'a code that is no country',
      { zones: [zone(['XX'], flat)] },
      'invalid_country',
      'zones/0/countries/0',
      /not a country/,
    ],
    ['a zone without countries', { zones: [zone([], flat)] }, 'invalid_body', 'zones', /./],
    ['a zone without rates', { zones: [zone(['DE'], [])] }, 'invalid_body', 'zones', /./],
    [
      'a negative price',
      { zones: [zone(['DE'], [{ up_to_grams: null, price_cents: -1 }])] },
      'invalid_body',
      'zones',
      /./,
    ],
    [
      'too many zones',
      { zones: Array.from({ length: 51 }, (_, i) => zone([['DE', 'FR'][i % 2]!], flat)) },
      'invalid_body',
      'zones',
      /./,
    ],
  ])(
    'refuses %s with 400, saying so, and keeps the rates as they were',
    async (_what, body, code, field, words) => {
      await setRates(RATES);
      const before = (await admin('GET', '/api/admin/shipping')).json();
      const res = await admin('PUT', '/api/admin/shipping', { free_over_cents: null, ...body });
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe(code);
      expect(error.field).toBe(field);
      expect(error.message).toMatch(words);
      expect((await admin('GET', '/api/admin/shipping')).json()).toEqual(before);
    },
  );
});

describe('POST /api/cart/quote', () => {
  beforeEach(() => setRates(RATES));

  it('prices the parcel by its weight band in the country’s zone', async () => {
    const { buyer, items } = await holding([
      { grams: 1_500, cents: 12_000 },
      { grams: 1_000, cents: 3_000 },
    ]);
    const res = await quote(buyer, { shipping_address: { country: 'de' } });
    expect(res.statusCode, res.body).toBe(200);
    // 2.5 kg: past the 2 kg band, within 10 kg.
    expect(res.json()).toEqual({
      items_cents: 15_000,
      shipping_cents: 990,
      tax_cents: 0,
      total_cents: 15_990,
      // The shop starts untaxed (mode none, no note).
      tax: { mode: 'none', rate_bp: 0, wording: null },
      lines: [
        {
          item_id: items[0]!.id,
          title: expect.any(String),
          price_cents: 12_000,
          weight_grams: 1_500,
        },
        {
          item_id: items[1]!.id,
          title: expect.any(String),
          price_cents: 3_000,
          weight_grams: 1_000,
        },
      ],
    });
  });

  it('a band holds parcels up to and including its weight; the open band every heavier one', async () => {
    const exact = await holding([{ grams: 2_000 }]);
    expect(
      (await quote(exact.buyer, { shipping_address: { country: 'DE' } })).json().shipping_cents,
    ).toBe(490);
    const heavy = await holding([{ grams: 40_000 }]);
    expect(
      (await quote(heavy.buyer, { shipping_address: { country: 'DE' } })).json().shipping_cents,
    ).toBe(2_900);
  });

  it('an item never weighed counts as 0 g (docs/decisions.md)', async () => {
    const { buyer } = await holding([{ grams: null }, { grams: 1_800 }]);
    expect(
      (await quote(buyer, { shipping_address: { country: 'DE' } })).json().shipping_cents,
    ).toBe(490);
  });

  it('ships free once the items come to free_over_cents', async () => {
    const { buyer } = await holding([{ grams: 500, cents: 50_000 }]);
    const res = (await quote(buyer, { shipping_address: { country: 'FR' } })).json();
    expect(res).toMatchObject({ items_cents: 50_000, shipping_cents: 0, total_cents: 50_000 });
  });

  it('pickup ({} or no body) is free', async () => {
    const { buyer } = await holding([{ grams: 3_000, cents: 2_000 }]);
    for (const res of [await quote(buyer, {}), await quote(buyer)]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ shipping_cents: 0, total_cents: 2_000 });
    }
  });

  it('a saved address counts by its country', async () => {
    const { buyer } = await holding([{ grams: 100 }]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/customers/me/addresses',
      ...withSession(buyer.cookie),
      payload: { ...ADDRESS, country: 'NL' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await quote(buyer, { address_id: saved.json().id });
    expect(res.json().shipping_cents).toBe(1_500);
  });

  it('a country in no zone is 409 no_shipping_to_country, in words', async () => {
    const { buyer } = await holding([{ grams: 100 }]);
    const res = await quote(buyer, { shipping_address: { country: 'US' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'no_shipping_to_country',
      message: expect.stringContaining('does not ship to United States'),
    });
  });

  it('a parcel heavier than the zone’s last band is 409 parcel_too_heavy', async () => {
    const { buyer } = await holding([{ grams: 6_000 }]);
    const res = await quote(buyer, { shipping_address: { country: 'AT' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('parcel_too_heavy');
  });

  it('with no zones at all, shipping is free everywhere (as before)', async () => {
    await setRates({ zones: [], free_over_cents: null });
    const { buyer } = await holding([{ grams: 9_000, cents: 4_000 }]);
    const res = await quote(buyer, { shipping_address: { country: 'US' } });
    expect(res.json()).toMatchObject({ shipping_cents: 0, total_cents: 4_000 });
  });

  it('refuses a bad country with 400 and needs a signed-in customer', async () => {
    const { buyer } = await holding([{ grams: 100 }]);
    const bad = await quote(buyer, { shipping_address: { country: 'XX' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'invalid_country',
      field: 'shipping_address/country',
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('checkout charges shipping', () => {
  beforeEach(() => setRates(RATES));

  it('the order keeps shipping_cents and its total includes it, as quoted', async () => {
    const { buyer } = await holding([{ grams: 2_500, cents: 12_000 }]);
    const quoted = (await quote(buyer, { shipping_address: ADDRESS })).json();
    const res = await checkoutWith(t, buyer.cookie, { shipping_address: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({ shipping_cents: 990, tax_cents: 0, total_cents: 12_990 });
    expect(order.total_cents).toBe(quoted.total_cents);
    expect(await orderRow(t, order.id)).toMatchObject({ shipping_cents: 990, total_cents: 12_990 });
    // The confirmation says shipping apart, so its lines add up to the total.
    await t.mail.settle();
    const mail = t.mail.lastTo(buyer.email);
    expect(mail.text).toContain('Shipping: €9.90\nTotal: €129.90');
  });

  it('a pickup order ships nothing and charges nothing for it', async () => {
    const { buyer } = await holding([{ grams: 2_500, cents: 12_000 }]);
    const order = (await checkoutWith(t, buyer.cookie)).json().order;
    expect(order).toMatchObject({ fulfilment: 'pickup', shipping_cents: 0, total_cents: 12_000 });
  });

  it('a country in no zone is 409 no_shipping_to_country and nothing held changes', async () => {
    const { buyer, items } = await holding([{ grams: 500 }]);
    const before = await itemRow(t, items[0]!.id);
    const fingerprint = await dbFingerprint(t.db);
    const res = await checkoutWith(t, buyer.cookie, {
      shipping_address: { ...ADDRESS, country: 'JP' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_shipping_to_country');
    expect(await itemRow(t, items[0]!.id)).toEqual(before);
    expect(await dbFingerprint(t.db)).toEqual(fingerprint);
    // Still in the cart: checkout to a country the shop ships to works.
    const again = await checkoutWith(t, buyer.cookie, { shipping_address: ADDRESS });
    expect(again.statusCode).toBe(200);
  });

  it('with no zones, a checkout to anywhere works as before and charges no shipping', async () => {
    await setRates({ zones: [], free_over_cents: null });
    const { buyer } = await buyerHolding(t);
    const res = await checkoutWith(t, buyer.cookie, {
      shipping_address: { ...ADDRESS, country: 'JP' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.shipping_cents).toBe(0);
  });
});
