import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;
const BASE = 'https://shop.example';

// Issue 33 items 1 and 2: every page's title names the shop from its settings, and
// /pages/:slug is a legal page's web page.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ...ADMIN_ENV,
      WEB_DIST_DIR: FIXTURE_DIST,
      PUBLIC_BASE_URL: BASE,
      PAYMENT_PROVIDER: 'accept',
    },
  });
  cookie = await adminSessionCookie(t.app);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url });
const admin = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, cookies: { shop_admin: cookie }, payload });
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];

describe('page titles', () => {
  it('name the shop as its settings say, on every instance, at once', async () => {
    const other = await t.sibling();
    const item = await makeItem(t.db, { title: 'Teak side table' });
    expect(titleOf((await get('/')).body)).toBe('Shop');
    expect((await admin('/api/admin/shop', { name: 'Antique Corner' })).statusCode).toBe(200);
    expect(titleOf((await get('/', other)).body)).toBe('Antique Corner');
    expect(titleOf((await get('/cart')).body)).toBe('Antique Corner');
    expect(titleOf((await get(`/items/${item.id}`, other)).body)).toBe(
      'Teak side table · Antique Corner',
    );
  });

  it('escape a hostile shop name', async () => {
    await admin('/api/admin/shop', { name: '</title><script>alert(1)</script>' });
    const html = (await get('/')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(titleOf(html)).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    await admin('/api/admin/shop', { name: 'Antique Corner' });
  });
});

describe('GET /pages/:slug', () => {
  it('is 404 (the client’s own “not found”) for a page never written or an unknown slug', async () => {
    expect((await get('/pages/imprint')).statusCode).toBe(404);
    expect((await get('/pages/about')).statusCode).toBe(404);
  });

  it('answers a written page with its title, description and address in the head', async () => {
    await admin('/api/admin/pages/imprint', {
      title: 'Imprint',
      body_markdown: 'Antique Corner, Hauptstraße 5, Berlin',
    });
    const res = await get('/pages/imprint');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Imprint · Antique Corner');
    expect(res.body).toContain(`<link rel="canonical" href="${BASE}/pages/imprint">`);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
