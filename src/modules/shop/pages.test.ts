import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { MAX_PAGE_MARKDOWN } from './pages.schemas.js';

// Issue 33 item 2: legal and information pages, Markdown in, sanitised HTML out,
// every save a new version.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  cookie = await adminSessionCookie(t.app);
});
afterAll(() => t.close());

const save = (slug: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/pages/${slug}`,
    cookies: { shop_admin: cookie },
    payload: payload as object,
  });
const read = (slug: string) => t.app.inject({ method: 'GET', url: `/api/pages/${slug}` });
const versions = (slug: string) =>
  t.db
    .selectFrom('shop_pages')
    .select(['version', 'title', 'body_markdown'])
    .where('slug', '=', slug as 'terms')
    .orderBy('version')
    .execute();

describe('GET /api/pages/:slug', () => {
  it('a page never written is 404 not_found, for the public and the admin', async () => {
    const res = await read('imprint');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pages/imprint',
      cookies: { shop_admin: cookie },
    });
    expect(admin.statusCode).toBe(404);
  });

  it('an unknown slug is 400, not a page', async () => {
    expect((await read('about')).statusCode).toBe(400);
    expect((await save('about', { title: 'About', body_markdown: 'x' })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/pages/:slug', () => {
  it('renders Markdown to HTML; each save is a new version and the earlier ones stay', async () => {
    const first = await save('terms', {
      title: 'Terms and conditions',
      body_markdown:
        '# Terms\n\n1. **Contract** with *Antique Corner*\n2. Prices incl. VAT\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      slug: 'terms',
      version: 1,
      title: 'Terms and conditions',
    });
    expect(first.json().body_html).toContain('<h1>Terms</h1>');
    expect(first.json().body_html).toContain('<strong>Contract</strong>');
    expect(first.json().body_html).toContain('<td>1</td>');
    const second = await save('terms', { title: 'Terms', body_markdown: 'Version two.' });
    expect(second.json()).toMatchObject({ version: 2, body_html: '<p>Version two.</p>\n' });
    expect((await read('terms')).json()).toMatchObject({ version: 2, title: 'Terms' });
    expect(await versions('terms')).toEqual([
      expect.objectContaining({ version: 1, title: 'Terms and conditions' }),
      { version: 2, title: 'Terms', body_markdown: 'Version two.' },
    ]);
  });

  it('two saves at the same moment are both kept, as two versions', async () => {
    const [a, b] = await Promise.all([
      save('privacy', { title: 'Privacy', body_markdown: 'A' }),
      save('privacy', { title: 'Privacy', body_markdown: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await versions('privacy')).map((v) => v.version)).toEqual([1, 2]);
    expect(new Set((await versions('privacy')).map((v) => v.body_markdown))).toEqual(
      new Set(['A', 'B']),
    );
  });

  it('strips script, event handlers, javascript: links and images from the HTML', async () => {
    const res = await save('shipping', {
      title: 'Shipping',
      body_markdown:
        '<script>alert(1)</script>\n\n<p onclick="alert(2)">Hi</p>\n\n[x](javascript:alert(3)) [ok](https://carrier.example/track)\n\n![pixel](https://tracker.example/p.gif)\n\n<iframe src="https://evil.example"></iframe>',
    });
    const html: string = res.json().body_html;
    expect(html).not.toMatch(/script|onclick|javascript:|<img|<iframe|alert/);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain(
      '<a href="https://carrier.example/track" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect((await read('shipping')).json().body_html).toBe(html);
  });

  it.each([
    [{ title: '', body_markdown: 'x' }],
    [{ title: '   ', body_markdown: 'x' }],
    [{ title: 'Two\nlines', body_markdown: 'x' }],
    [{ title: 'Imprint', body_markdown: '' }],
    [{ title: 'Imprint', body_markdown: '  \n ' }],
    [{ title: 'Imprint', body_markdown: 'x'.repeat(MAX_PAGE_MARKDOWN + 1) }],
    [{ title: 'Imprint' }],
    [{ title: 'Imprint', body_markdown: 'x', extra: 1 }],
  ])('refuses %j with 400 invalid_body and writes nothing', async (body) => {
    const res = await save('imprint', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_body');
    expect(await versions('imprint')).toEqual([]);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pages/imprint',
      payload: { title: 'Imprint', body_markdown: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(await versions('imprint')).toEqual([]);
  });
});

describe('GET /api/shop lists the written pages for the footer', () => {
  it('in the footer’s order, with their titles', async () => {
    await save('imprint', { title: 'Imprint', body_markdown: 'Antique Corner, Berlin' });
    const shop = (await t.app.inject({ method: 'GET', url: '/api/shop' })).json();
    expect(shop.pages).toEqual([
      { slug: 'imprint', title: 'Imprint' },
      { slug: 'terms', title: 'Terms' },
      { slug: 'privacy', title: 'Privacy' },
      { slug: 'shipping', title: 'Shipping' },
    ]);
  });
});
