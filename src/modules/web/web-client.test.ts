import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A copy of a built client, so a test can take it away or rebuild it under the running app.
  dist = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-')), 'dist');
  await fs.cp(FIXTURE_DIST, dist, { recursive: true });
  t = await buildTestApp({
    env: { WEB_DIST_DIR: dist, SHOP_CURRENCY: 'CHF', CART_HOLD_MINUTES: '15' },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(dist), { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the built web client is served by the shop', () => {
  it('answers / with index.html, revalidated on every use', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets as immutable for a year, with their own type', async () => {
    const js = await get('/assets/index-3f2a9c1b.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(js.body).toContain('fixture client');
    const css = await get('/assets/index-8d7e6f5a.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends a pre-compressed asset to a client that accepts it', async () => {
    const res = await get('/assets/index-3f2a9c1b.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('fixture client');
  });

  it('serves other built files, revalidated (their names carry no hash)', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it.each([
    '/account/verify',
    '/account/reset',
    '/upload/0123456789abcdefABCDEF_-',
    '/cart',
    '/admin',
    '/admin/items/3',
    '/favorites/',
    '/?q=teak&utm_source=mail',
  ])('falls back to index.html for the page %s', async (url) => {
    const res = await get(url, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers HEAD for a page like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it.each(['/api/nothing-here', '/api', '/api/items/1/nope', '/media/none.jpg', '/media'])(
    'keeps %s a JSON 404 (never the client)',
    async (url) => {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    },
  );

  it('answers a hashed asset of an older build with 404, not with a page', async () => {
    const res = await get('/assets/index-00000000.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    '/.hidden',
    '/assets/../.hidden',
    '/%2e%2e/package.json',
    '/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/index.html/..%2f.hidden',
  ])('never serves a file outside the built client or a hidden one: %s', async (url) => {
    const res = await get(url);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('"name": "shop-service"');
  });

  it('keeps the strict CSP on pages: scripts and styles from the shop only, no inline code', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends no referrer from the upload page, so its token never leaves in a Referer', async () => {
    const res = await get('/upload/0123456789abcdef');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('leaves POST to a page path a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('without a built web client', () => {
  const index = () => path.join(dist, 'index.html');
  const takeAway = () => fs.rename(index(), `${index()}.away`);
  const putBack = () => fs.rename(`${index()}.away`, index());

  it('says how to build it, on / and on every page path, and is not cached', async () => {
    await takeAway();
    try {
      for (const url of ['/', '/account/verify']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain('npm run build');
        expect(res.body).toContain('WEB_DIST_DIR');
      }
      // The API is unaffected.
      const items = await get('/api/items');
      expect(items.statusCode).toBe(200);
      expect(items.json()).toEqual({ items: [], next_cursor: null });
      expect((await get('/api/nope')).json().error.code).toBe('not_found');
    } finally {
      await putBack();
    }
    expect((await get('/')).statusCode).toBe(200);
  });

  it('serves a client rebuilt while the shop runs (its new index names its new assets)', async () => {
    const before = await fs.readFile(index(), 'utf8');
    try {
      await fs.writeFile(index(), before.replace('index-3f2a9c1b.js', 'index-new00000.js'));
      expect((await get('/cart')).body).toContain('/assets/index-new00000.js');
    } finally {
      await fs.writeFile(index(), before);
    }
  });
});

describe('GET /api/shop', () => {
  it('gives the client SHOP_CURRENCY, the cart hold, the payment provider, the photo limits and the shop’s own settings', async () => {
    const res = await get('/api/shop');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'CHF',
      cart_hold_minutes: 15,
      // Issue 32 item 6: with accept, the client says no payment is taken.
      payment_provider: 'accept',
      intake: {
        max_files: 6,
        max_file_bytes: 15 * 1024 * 1024,
        accepted_types: ['image/jpeg', 'image/png', 'image/webp'],
      },
      // Issue 33: the shop's settings as the admin keeps them (here: as first seeded).
      name: 'Shop',
      logo_url: null,
      contact_email: null,
      address: null,
      pickup: { address: null, hours: null },
      pages: [],
      checkout_button: 'Order and pay',
    });
  });

  it('refuses an unknown parameter like every API route', async () => {
    const res = await get('/api/shop?x=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_parameter');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json();
    expect(doc.paths['/api/shop'].get.responses['200']).toBeDefined();
  });
});
