import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { buyerHolding, viewCart } from '../../../test/support/commerce.js';
import { withSession } from '../../../test/support/customer-factories.js';
import { itemRow } from '../../../test/support/factories.js';
import { checkoutWith, countRows } from '../../../test/support/orders.js';
import type { StripeServer } from '../../../test/support/stripe-server.js';
import { checkoutWithStripe, stripeShop } from '../../../test/support/stripe-shop.js';

// Issue 33 item 3: once a terms page exists, checkout needs accept_terms: true; the
// order keeps which versions were accepted and the words its button showed.
const TERMS_V1 = '# Terms\n\nThe contract is made with **Antique Corner**.';
const WITHDRAWAL_V1 = 'You may withdraw within 14 days.';

async function savePage(t: TestApp, cookie: string, slug: string, title: string, body: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/pages/${slug}`,
    cookies: { shop_admin: cookie },
    payload: { title, body_markdown: body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What a refused checkout must leave exactly as it was. */
async function snapshot(t: TestApp, cookie: string, itemIds: number[]) {
  return {
    cart: (await viewCart(t, cookie)).json(),
    items: await Promise.all(itemIds.map((id) => itemRow(t, id))),
    orders: await countRows(t, 'orders'),
    outbox: (await t.db.selectFrom('mail_outbox').select('id').execute()).length,
  };
}

describe('with the captured payment (accept)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    cookie = await adminSessionCookie(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.mail.settle();
    t.mail.clear();
  });

  it('without a terms page, an order needs no acceptance and records none', async () => {
    const { buyer } = await buyerHolding(t);
    const res = await checkoutWith(t, buyer.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      terms_version: null,
      withdrawal_version: null,
      checkout_wording: '[Order and pay]',
    });
  });

  it.each([
    ['no accept_terms', {}],
    ['accept_terms: false', { accept_terms: false }],
    ['no body at all (pickup)', undefined],
  ])(
    'once terms exist, %s is 400 terms_not_accepted and nothing held changes',
    async (_n, body) => {
      await savePage(t, cookie, 'terms', 'Terms and conditions', TERMS_V1);
      const { buyer, items } = await buyerHolding(t, 2);
      const before = await snapshot(
        t,
        buyer.cookie,
        items.map((i) => i.id),
      );
      const res = await checkoutWith(t, buyer.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'terms_not_accepted', field: 'accept_terms' });
      expect(
        await snapshot(
          t,
          buyer.cookie,
          items.map((i) => i.id),
        ),
      ).toEqual(before);
    },
  );

  it('accepted: the order records the versions and wording; the buyer reads exactly those later', async () => {
    await savePage(t, cookie, 'withdrawal', 'Right of withdrawal', WITHDRAWAL_V1);
    const terms = (await t.app.inject({ method: 'GET', url: '/api/pages/terms' })).json();
    const { buyer } = await buyerHolding(t);
    const wording = 'I accept the terms and conditions. [Order and pay]';
    const res = await checkoutWith(t, buyer.cookie, {
      accept_terms: true,
      checkout_wording: wording,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(order).toMatchObject({
      terms_version: terms.version,
      withdrawal_version: 1,
      checkout_wording: wording,
    });
    // The terms change afterwards: the order still shows what was accepted.
    await savePage(t, cookie, 'terms', 'Terms (new)', 'Completely different terms.');
    const legal = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}/legal`,
      ...withSession(buyer.cookie),
    });
    expect(legal.statusCode).toBe(200);
    expect(legal.json()).toMatchObject({
      terms: { slug: 'terms', version: terms.version, title: 'Terms and conditions' },
      withdrawal: {
        slug: 'withdrawal',
        version: 1,
        body_html: '<p>You may withdraw within 14 days.</p>\n',
      },
    });
    expect(legal.json().terms.body_html).toContain('<strong>Antique Corner</strong>');
    // Another customer's order is as absent as none.
    const other = await buyerHolding(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}/legal`,
      ...withSession(other.buyer.cookie),
    });
    expect(foreign.statusCode).toBe(404);

    // The confirmation mail carries both pages as accepted (a durable medium).
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Your order ${order.number}`);
    expect(mail.text).toContain(
      `Terms and conditions (version ${terms.version}), as you accepted them`,
    );
    expect(mail.text).toContain('The contract is made with Antique Corner.');
    expect(mail.text).toContain('You may withdraw within 14 days.');
    expect(mail.html).toContain('<strong>Antique Corner</strong>');
    expect(mail.text).not.toContain('Completely different terms.');
  });

  it('without a given wording, the shop’s own is stored', async () => {
    const { buyer } = await buyerHolding(t);
    const res = await checkoutWith(t, buyer.cookie, { accept_terms: true });
    expect(res.json().order.checkout_wording).toBe(
      'I accept the terms and conditions and have read the right of withdrawal. [Order and pay]',
    );
  });
});

describe('with manual payments', () => {
  it('the button says “Order with obligation to pay”, and that is what the order keeps', async () => {
    const t = await buildTestApp({
      env: {
        PAYMENT_PROVIDER: 'manual',
        SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02 1203 0000 0000 2020 51',
      },
    });
    try {
      const shop = (await t.app.inject({ method: 'GET', url: '/api/shop' })).json();
      expect(shop.checkout_button).toBe('Order with obligation to pay');
      const { buyer } = await buyerHolding(t);
      const res = await checkoutWith(t, buyer.cookie, {});
      expect(res.json().order.checkout_wording).toBe('[Order with obligation to pay]');
    } finally {
      await t.close();
    }
  });
});

describe('with Stripe’s hosted checkout', () => {
  let shop: Awaited<ReturnType<typeof stripeShop>>;
  let t: TestApp;
  let stripe: StripeServer;
  let cookie: string;
  beforeAll(async () => {
    shop = await stripeShop();
    ({ t, stripe } = shop);
    cookie = await adminSessionCookie(t.app);
    await savePage(t, cookie, 'terms', 'Terms', TERMS_V1);
  });
  afterAll(() => shop.close());

  it('refuses without accept_terms before any page is opened: no session, holds unchanged', async () => {
    const { buyer, items } = await buyerHolding(t);
    const before = await snapshot(t, buyer.cookie, [items[0]!.id]);
    const sessions = stripe.sessions.size;
    const res = await checkoutWith(t, buyer.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('terms_not_accepted');
    expect(stripe.sessions.size).toBe(sessions);
    expect(await snapshot(t, buyer.cookie, [items[0]!.id])).toEqual(before);
  });

  it('with accept_terms the page opens and the order records the version', async () => {
    const { order } = await checkoutWithStripe(t, stripe, { body: { accept_terms: true } });
    expect(order).toMatchObject({
      terms_version: 1,
      checkout_wording: 'I accept the terms and conditions. [Order and pay]',
    });
  });
});
