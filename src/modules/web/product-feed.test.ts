import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem } from '../../../test/support/factories.js';

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;
const BASE = 'https://shop.example';
const PAGE_SIZE = 3;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      WEB_DIST_DIR: FIXTURE_DIST,
      PUBLIC_BASE_URL: BASE,
      PAYMENT_PROVIDER: 'accept',
      SHOP_CURRENCY: 'EUR',
    },
    deps: { feedPageSize: PAGE_SIZE },
  });
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('items').execute();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

type FeedEntry = Record<string, string>;
interface Feed {
  rss: {
    '@_version': string;
    '@_xmlns:g': string;
    channel: {
      title: string;
      link: string;
      'atom:link': { '@_rel': string; '@_href': string }[];
      item?: FeedEntry[];
    };
  };
}

/** The feed as an XML reader gets it; a file that is not well-formed XML fails here. */
function parseFeed(xml: string): Feed {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'item' || name === 'atom:link',
  }).parse(xml) as Feed;
}
const entries = (feed: Feed) => feed.rss.channel.item ?? [];

describe('GET /feeds/products.xml: the visible items in Merchant Center RSS 2.0 (issue 33 item 5)', () => {
  it('lists available, held and sold pieces with price, availability, link and photo; never a pending one', async () => {
    const lamps = await makeCategory(t.db, { name: 'Lamps' });
    const lamp = await makeItem(t.db, {
      title: 'Brass desk lamp',
      description: 'Works; new cable.',
      priceCents: 1200,
      images: 2,
      categoryId: lamps.id,
    });
    const held = await makeItem(t.db, {
      status: 'reserved',
      title: 'Held chair',
      priceCents: 4050,
    });
    const sold = await makeItem(t.db, { status: 'sold', title: 'Sold mirror' });
    const pending = await makeItem(t.db, { status: 'pending', title: 'Not yet public' });

    const res = await get('/feeds/products.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const feed = parseFeed(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    expect(feed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(feed.rss.channel.link).toBe(`${BASE}/`);
    expect(feed.rss.channel['atom:link']).toEqual([
      { '@_rel': 'self', '@_href': `${BASE}/feeds/products.xml` },
    ]);

    const items = entries(feed);
    expect(items.map((i) => i['g:id'])).toEqual([lamp.id, held.id, sold.id].map(String));
    expect(items.map((i) => i['g:id'])).not.toContain(String(pending.id));
    expect(items[0]).toEqual({
      'g:id': String(lamp.id),
      title: 'Brass desk lamp',
      description: 'Works; new cable.',
      link: `${BASE}/items/${lamp.id}`,
      'g:image_link': `${BASE}/media/test/${lamp.id}-0.jpg`,
      'g:price': '12.00 EUR',
      'g:availability': 'in_stock',
      'g:product_type': 'Lamps',
      'g:identifier_exists': 'no',
    });
    // A hold may lapse: still in stock, as the page's LimitedAvailability says.
    expect(items[1]).toMatchObject({ 'g:price': '40.50 EUR', 'g:availability': 'in_stock' });
    // No description: the title stands in (Merchant Center requires one).
    expect(items[2]).toMatchObject({
      'g:availability': 'out_of_stock',
      description: 'Sold mirror',
    });
    expect(items[2]!['g:image_link']).toBeUndefined();
  });

  it('keeps markup in titles as text, and drops characters XML cannot carry', async () => {
    const title = `</title></item><item><g:id>1</g:id> ]]> & "q" 'a' \u0001 Lamp`;
    const item = await makeItem(t.db, { title, description: '<b>bold</b> &amp;' });
    const items = entries(parseFeed((await get('/feeds/products.xml')).body));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      'g:id': String(item.id),
      title: `</title></item><item><g:id>1</g:id> ]]> & "q" 'a'  Lamp`,
      description: '<b>bold</b> &amp;',
    });
  });

  it('follows the catalogue: a piece sold or taken back to pending shows so at once', async () => {
    const a = await makeItem(t.db);
    const b = await makeItem(t.db);
    const first = entries(parseFeed((await get('/feeds/products.xml')).body));
    expect(first.map((i) => i['g:availability'])).toEqual(['in_stock', 'in_stock']);
    await t.db.updateTable('items').set({ status: 'sold' }).where('id', '=', a.id).execute();
    await t.db.updateTable('items').set({ status: 'pending' }).where('id', '=', b.id).execute();
    const after = entries(parseFeed((await get('/feeds/products.xml')).body));
    expect(after.map((i) => [i['g:id'], i['g:availability']])).toEqual([
      [String(a.id), 'out_of_stock'],
    ]);
  });

  it('pages a large catalogue into bounded files, each pointing to the next', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeItem(t.db));
    await makeItem(t.db, { status: 'pending' });
    const ids: string[] = [];
    for (const [url, next] of [
      ['/feeds/products.xml', `${BASE}/feeds/products.xml?page=2`],
      ['/feeds/products.xml?page=2', `${BASE}/feeds/products.xml?page=3`],
      ['/feeds/products.xml?page=3', null],
    ] as const) {
      const feed = parseFeed((await get(url)).body);
      const page = entries(feed);
      expect(page.length, url).toBeLessThanOrEqual(PAGE_SIZE);
      ids.push(...page.map((i) => i['g:id']!));
      expect(feed.rss.channel['atom:link'].find((l) => l['@_rel'] === 'next')?.['@_href']).toBe(
        next ?? undefined,
      );
    }
    expect(ids).toEqual(made.map((item) => String(item.id)));

    const beyond = await get('/feeds/products.xml?page=4');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error.code).toBe('not_found');
    const malformed = await get('/feeds/products.xml?page=0');
    expect(malformed.statusCode).toBe(400);
    expect((await get('/feeds/products.xml?limit=5')).statusCode).toBe(400);
  });

  it('an empty shop has a valid, empty feed', async () => {
    const res = await get('/feeds/products.xml');
    expect(res.statusCode).toBe(200);
    expect(entries(parseFeed(res.body))).toEqual([]);
  });
});
