import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';
import { scriptsOf } from '../../../test/support/page-head.js';

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;
const BASE = 'https://shop.example';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { WEB_DIST_DIR: FIXTURE_DIST, PUBLIC_BASE_URL: BASE, PAYMENT_PROVIDER: 'accept' },
    deps: { sitemapPageSize: 3 },
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const metaContent = (html: string, attribute: string) =>
  new RegExp(`<meta ${attribute} content="([^"]*)">`).exec(html)?.[1];

describe('GET /items/:id carries the item for shared links and search engines', () => {
  it("puts the title, description, first image and address into the page's head", async () => {
    const item = await makeItem(t.db, {
      title: 'Teak side table',
      description: 'A small table from the sixties.',
      images: 2,
    });
    const res = await get(`/items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Teak side table · Shop</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'name="description"')).toBe('A small table from the sixties.');
    expect(metaContent(html, 'property="og:title"')).toBe('Teak side table');
    expect(metaContent(html, 'property="og:description"')).toBe('A small table from the sixties.');
    expect(metaContent(html, 'property="og:url"')).toBe(`${BASE}/items/${item.id}`);
    expect(metaContent(html, 'property="og:image"')).toBe(`${BASE}/media/test/${item.id}-0.jpg`);
    // The client's own page is untouched otherwise.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-3f2a9c1b.js">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a hostile title and description: no markup of theirs reaches the page', async () => {
    const title = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)> $& $' $\``;
    const description = `"/><script>alert(3)</script>&amp;`;
    const item = await makeItem(t.db, { title, description });
    const html = (await get(`/items/${item.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt; $&amp; $&#39; $` · Shop</title>',
    );
    expect(metaContent(html, 'property="og:description"')).toBe(
      '&quot;/&gt;&lt;script&gt;alert(3)&lt;/script&gt;&amp;amp;',
    );
    // Exactly the page's own scripts: its JSON-LD data block and the module entry.
    expect(scriptsOf(html).map((s) => s.type)).toEqual(['application/ld+json', 'module']);
  });

  it('shortens a long description for the meta tags', async () => {
    const item = await makeItem(t.db, { title: 'Long', description: 'word '.repeat(200) });
    const description = metaContent((await get(`/items/${item.id}`)).body, 'name="description"')!;
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description.endsWith('…')).toBe(true);
  });

  it('shows the new title after an edit (pages are reused only within a catalogue version)', async () => {
    const item = await makeItem(t.db, { title: 'Old title' });
    expect((await get(`/items/${item.id}`)).body).toContain('<title>Old title · Shop</title>');
    await t.db.updateTable('items').set({ title: 'New title' }).where('id', '=', item.id).execute();
    expect((await get(`/items/${item.id}`)).body).toContain('<title>New title · Shop</title>');
  });

  it('answers a pending, absent or malformed item with the plain page and 404', async () => {
    const pending = await makeItem(t.db, { status: 'pending', title: 'Not yet public' });
    // The client's own index, as any page without preload hints answers it.
    const plain = (await get('/cart')).body;
    for (const url of [
      `/items/${pending.id}`,
      '/items/2000000',
      '/items/99999999999',
      '/items/0',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(plain);
    }
  });

  it('keeps the plain page for other paths below /items', async () => {
    expect((await get('/items/abc')).statusCode).toBe(200);
  });
});

describe('pages name what their script will fetch first, so the browser starts early', () => {
  const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

  it("an item page preloads the item's answer and its first photo with the gallery's sizes", async () => {
    const item = await makeItem(t.db, { title: 'Brass desk lamp', images: 2 });
    const tags = preloads((await get(`/items/${item.id}`)).body);
    expect(tags[0]).toBe(
      `<link rel="preload" as="fetch" href="/api/items/${item.id}" crossorigin>`,
    );
    expect(tags[1]).toContain(`href="/media/test/${item.id}-0.jpg"`);
    expect(tags[1]).toContain('fetchpriority="high"');
    expect(tags).toHaveLength(2);
  });

  it('the storefront preloads its first items, facets and first photos, only without filters', async () => {
    const newest = await makeItem(t.db, { title: 'Linen floor lamp', images: 1 });
    const tags = preloads((await get('/')).body);
    expect(tags.slice(0, 2)).toEqual([
      '<link rel="preload" as="fetch" href="/api/items?limit=24" crossorigin>',
      '<link rel="preload" as="fetch" href="/api/filters" crossorigin>',
    ]);
    // The first row of cards on a phone, newest first, as the list shows them.
    expect(tags[2]).toContain(`href="/media/test/${newest.id}-0.jpg"`);
    expect(tags.length).toBeLessThanOrEqual(4);
    // A filtered view asks other questions; an unused preload would only cost.
    expect(preloads((await get('/?tags=teak')).body)).toEqual([]);
    expect(preloads((await get('/cart')).body)).toEqual([]);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the visible items only, in pages of a bounded size behind an index', async () => {
    await t.db.deleteFrom('items').execute();
    const visible = [];
    for (const status of ['available', 'reserved', 'sold', 'available'] as const)
      visible.push(await makeItem(t.db, { status }));
    const pending = await makeItem(t.db, { status: 'pending' });

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain(`<loc>${BASE}/sitemap.xml?page=1</loc>`);
    expect(index.body).toContain(`<loc>${BASE}/sitemap.xml?page=2</loc>`);
    expect(index.body).not.toContain('page=3');

    const pages = [
      (await get('/sitemap.xml?page=1')).body,
      (await get('/sitemap.xml?page=2')).body,
    ];
    const listed = pages.join('').match(/\/items\/\d+/g);
    expect(listed).toEqual(visible.map((item) => `/items/${item.id}`));
    expect(pages[0]).toContain(`<url><loc>${BASE}/</loc></url>`);
    expect(pages.join('')).not.toContain(`/items/${pending.id}<`);
    expect(pages[0]).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

    const beyond = await get('/sitemap.xml?page=3');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error.code).toBe('not_found');
    expect((await get('/sitemap.xml?page=0')).statusCode).toBe(400);
  });

  it('is one file while the items fit in one page, and follows the catalogue', async () => {
    await t.db.deleteFrom('items').execute();
    const item = await makeItem(t.db);
    const first = await get('/sitemap.xml');
    expect(first.body).toContain('<urlset');
    expect(first.body).toContain(`<loc>${BASE}/items/${item.id}</loc>`);
    await t.db.updateTable('items').set({ status: 'pending' }).where('id', '=', item.id).execute();
    expect((await get('/sitemap.xml')).body).not.toContain(`/items/${item.id}<`);
  });

  it('robots.txt keeps personal pages out and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/admin', '/account', '/cart', '/upload'])
      expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
