import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { makeItem } from '../../../test/support/factories.js';
import { countRows } from '../../../test/support/orders.js';

// Issue 37 item 4: a legal page may have one version per language. The admin reads and
// saves a language's version with ?language= (absent: the shop's, as before); a visitor
// reads the version in their language, else the shop's; an order records the version
// the buyer was shown.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  cookie = await adminSessionCookie(t.app);
}, 120_000);
afterAll(() => t.close());

const save = (slug: string, payload: object, query = '') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/pages/${slug}${query}`,
    cookies: { shop_admin: cookie },
    payload,
  });
const adminRead = (slug: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/pages/${slug}${query}`,
    cookies: { shop_admin: cookie },
  });
const read = (slug: string, options: { query?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/pages/${slug}${options.query ?? ''}`,
    headers: options.headers ?? {},
  });

describe('the admin’s ?language=', () => {
  it('saves and reads a German version beside the English one; without it, the shop’s language as before', async () => {
    const en = await save('privacy', { title: 'Privacy policy', body_markdown: 'We keep little.' });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json()).toMatchObject({ version: 1, language: 'en' });
    const de = await save(
      'privacy',
      { title: 'Datenschutzerklärung', body_markdown: 'Wir speichern wenig.' },
      '?language=de',
    );
    expect(de.statusCode, de.body).toBe(200);
    // Versions are numbered across a page's languages: a number names one text.
    expect(de.json()).toMatchObject({ version: 2, language: 'de', title: 'Datenschutzerklärung' });

    const plain = await adminRead('privacy');
    expect(plain.json()).toMatchObject({ version: 1, title: 'Privacy policy', language: 'en' });
    const german = await adminRead('privacy', '?language=de');
    expect(german.json()).toMatchObject({
      version: 2,
      body_markdown: 'Wir speichern wenig.',
      language: 'de',
    });
    expect((await adminRead('privacy', '?language=en')).json().version).toBe(1);
  });

  it('a language never written is 404 for the admin (the editor starts empty)', async () => {
    await save('shipping', { title: 'Shipping', body_markdown: 'By post.' });
    const res = await adminRead('shipping', '?language=de');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('refuses a language the shop does not speak: 400 invalid_parameter, nothing written', async () => {
    const before = await countRows(t, 'shop_pages');
    const res = await save(
      'imprint',
      { title: 'Impressum', body_markdown: 'Text' },
      '?language=fr',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_parameter');
    expect(await countRows(t, 'shop_pages')).toBe(before);
    expect((await adminRead('imprint', '?language=fr')).statusCode).toBe(400);
    expect((await read('imprint', { query: '?language=fr' })).statusCode).toBe(400);
  });
});

describe('the public page in the visitor’s language', () => {
  beforeAll(async () => {
    await save('terms', { title: 'Terms', body_markdown: 'English terms.' });
    await save('terms', { title: 'AGB', body_markdown: 'Deutsche AGB.' }, '?language=de');
    await save('withdrawal', { title: 'Right of withdrawal', body_markdown: 'Withdraw.' });
  });

  it('?language=, the shop_lang cookie and Accept-Language choose the German version', async () => {
    const ways: Array<{ query?: string; headers?: Record<string, string> }> = [
      { query: '?language=de' },
      { headers: { cookie: 'shop_lang=de' } },
      { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } },
    ];
    for (const options of ways) {
      const res = await read('terms', options);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'AGB', language: 'de' });
      expect(res.headers.vary).toMatch(/Accept-Language/);
    }
    // ?language= wins over the cookie; without anything the shop's language.
    const explicit = await read('terms', {
      query: '?language=en',
      headers: { cookie: 'shop_lang=de' },
    });
    expect(explicit.json()).toMatchObject({ title: 'Terms', language: 'en' });
    expect((await read('terms')).json()).toMatchObject({ title: 'Terms', language: 'en' });
  });

  it('a signed-in customer’s stored language chooses it too', async () => {
    const customer = await makeCustomer(t, { verified: true });
    await t.db
      .updateTable('customers')
      .set({ language: 'de' })
      .where('id', '=', customer.id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pages/terms',
      ...withSession(customer.cookie),
    });
    expect(res.json()).toMatchObject({ title: 'AGB', language: 'de' });
  });

  it('falls back to the shop’s language version when none is written in the visitor’s', async () => {
    const res = await read('withdrawal', { query: '?language=de' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Right of withdrawal', language: 'en' });
  });

  it('the footer’s links carry the titles in the visitor’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop',
      headers: { cookie: 'shop_lang=de' },
    });
    const links = res.json().pages as Array<{ slug: string; title: string }>;
    expect(links.find((link) => link.slug === 'terms')?.title).toBe('AGB');
    expect(links.find((link) => link.slug === 'withdrawal')?.title).toBe('Right of withdrawal');
    const english = await t.app.inject({ method: 'GET', url: '/api/shop' });
    expect(
      (english.json().pages as Array<{ slug: string; title: string }>).find(
        (link) => link.slug === 'terms',
      )?.title,
    ).toBe('Terms');
  });
});

describe('the checkout records the version the buyer was shown', () => {
  beforeEach(async () => {
    await t.mail.settle();
  });

  async function buy(headers: Record<string, string>) {
    const buyer = await makeCustomer(t, { verified: true });
    const item = await makeItem(t.db, { images: 1, priceCents: 1000 });
    expect((await addToCart(t, buyer.cookie, item.id)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      ...withSession(buyer.cookie),
      headers,
      payload: { accept_terms: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { buyer, order: res.json().order };
  }

  it('a German page: the German terms; an English one: the English terms', async () => {
    const german = await t.app.inject({ method: 'GET', url: '/api/pages/terms?language=de' });
    const english = await t.app.inject({ method: 'GET', url: '/api/pages/terms?language=en' });
    const { order, buyer } = await buy({ 'accept-language': 'de' });
    const row = await t.db
      .selectFrom('orders')
      .select(['terms_version', 'withdrawal_version'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(german.json().version);
    // No German withdrawal page: the shop's, which the German page showed.
    const withdrawal = await t.app.inject({ method: 'GET', url: '/api/pages/withdrawal' });
    expect(row.withdrawal_version).toBe(withdrawal.json().version);
    const legal = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}/legal`,
      ...withSession(buyer.cookie),
    });
    expect(legal.json().terms).toMatchObject({ title: 'AGB', language: 'de' });

    const other = await buy({ 'accept-language': 'en' });
    const otherRow = await t.db
      .selectFrom('orders')
      .select('terms_version')
      .where('id', '=', other.order.id)
      .executeTakeFirstOrThrow();
    expect(otherRow.terms_version).toBe(english.json().version);
  });
});

describe('the web page /pages/:slug', () => {
  const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;
  let web: TestApp;
  beforeAll(async () => {
    web = await buildTestApp({ env: { ...ADMIN_ENV, WEB_DIST_DIR: FIXTURE_DIST } });
    const session = await adminSessionCookie(web.app);
    for (const [query, title] of [
      ['', 'Imprint'],
      ['?language=de', 'Impressum'],
    ] as const) {
      const res = await web.app.inject({
        method: 'PUT',
        url: `/api/admin/pages/imprint${query}`,
        cookies: { shop_admin: session },
        payload: { title, body_markdown: 'Werkstatt Lee' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 120_000);
  afterAll(() => web.close());

  it('is titled by the version in the visitor’s language, else the shop’s', async () => {
    const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
    const german = await web.app.inject({
      method: 'GET',
      url: '/pages/imprint',
      headers: { 'accept-language': 'de' },
    });
    expect(german.statusCode).toBe(200);
    expect(titleOf(german.body)).toMatch(/^Impressum · /);
    const english = await web.app.inject({ method: 'GET', url: '/pages/imprint' });
    expect(titleOf(english.body)).toMatch(/^Imprint · /);
  });
});

describe('a version saved before pages had languages (migration 0096 left it NULL)', () => {
  it('is the shop’s language’s: for the admin, a visitor, a German visitor’s fallback and the footer', async () => {
    // The page as a shop that had only it before 0096 holds it.
    await t.db.deleteFrom('shop_pages').where('slug', '=', 'shipping').execute();
    await t.db
      .insertInto('shop_pages')
      .values({
        slug: 'shipping',
        version: 1,
        title: 'Delivery',
        body_markdown: 'We post within two days.',
        body_html: '<p>We post within two days.</p>',
        created_at: new Date(),
        language: null,
      })
      .execute();

    expect((await adminRead('shipping')).json()).toMatchObject({ version: 1, language: 'en' });
    expect((await adminRead('shipping', '?language=en')).json()).toMatchObject({ version: 1 });
    expect((await adminRead('shipping', '?language=de')).statusCode).toBe(404);
    expect((await read('shipping')).json()).toMatchObject({ title: 'Delivery', language: 'en' });
    expect((await read('shipping', { query: '?language=de' })).json()).toMatchObject({
      title: 'Delivery',
      language: 'en',
    });
    const footer = async (headers: Record<string, string>) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/shop', headers })).json().pages as Array<{
          slug: string;
          title: string;
        }>
      ).find((link) => link.slug === 'shipping')?.title;
    expect(await footer({})).toBe('Delivery');
    expect(await footer({ cookie: 'shop_lang=de' })).toBe('Delivery');

    // A German version beside it: numbered after it; the English reader keeps the old row.
    const de = await save(
      'shipping',
      { title: 'Versand', body_markdown: 'Wir versenden in zwei Tagen.' },
      '?language=de',
    );
    expect(de.json()).toMatchObject({ version: 2, language: 'de' });
    expect(await footer({ cookie: 'shop_lang=de' })).toBe('Versand');
    expect(await footer({})).toBe('Delivery');
    expect((await read('shipping')).json()).toMatchObject({ title: 'Delivery', version: 1 });
  });
});
