import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';
import {
  expandJsonLd,
  jsonLdOf,
  jsonLdQuads,
  metaOf,
  scriptsOf,
} from '../../../test/support/page-head.js';
import { productJsonLd } from './product-data.js';

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;
const BASE = 'https://shop.example';
const S = 'https://schema.org/';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      WEB_DIST_DIR: FIXTURE_DIST,
      PUBLIC_BASE_URL: BASE,
      PAYMENT_PROVIDER: 'accept',
      SHOP_CURRENCY: 'EUR',
      ...ADMIN_ENV,
    },
  });
}, 120_000);
afterAll(() => t.close());

const page = (id: number) => t.app.inject({ method: 'GET', url: `/items/${id}` });

/** The one Product node of a page, expanded to full schema.org IRIs. */
async function productOf(html: string) {
  const blocks = jsonLdOf(html);
  expect(blocks).toHaveLength(1);
  const expanded = (await expandJsonLd(blocks[0])) as Record<string, unknown[]>[];
  expect(expanded).toHaveLength(1);
  return expanded[0]!;
}
const value = (node: Record<string, unknown[]>, property: string) =>
  (node[`${S}${property}`]?.[0] as { '@value'?: unknown; '@id'?: string } | undefined)?.['@value'];

describe('GET /items/:id carries a schema.org Product with its Offer (issue 33 item 5)', () => {
  it('an available piece: name, price, currency, InStock, photo and address, as a JSON-LD reader sees them', async () => {
    const item = await makeItem(t.db, {
      title: 'Brass desk lamp',
      description: 'Works; new cable.',
      priceCents: 12_50,
      images: 1,
    });
    const res = await page(item.id);
    expect(res.statusCode).toBe(200);
    const product = await productOf(res.body);
    expect(product['@type']).toEqual([`${S}Product`]);
    expect(product['@id']).toBe(`${BASE}/items/${item.id}#product`);
    expect(value(product, 'name')).toBe('Brass desk lamp');
    expect(value(product, 'description')).toBe('Works; new cable.');
    expect(value(product, 'image')).toBe(`${BASE}/media/test/${item.id}-0.jpg`);
    const offer = product[`${S}offers`]![0] as Record<string, unknown[]>;
    expect(offer['@type']).toEqual([`${S}Offer`]);
    expect(value(offer, 'price')).toBe('12.50');
    expect(value(offer, 'priceCurrency')).toBe('EUR');
    expect(value(offer, 'availability')).toBe(`${S}InStock`);

    // As triples: the page's item is a Product that has an Offer.
    const quads = await jsonLdQuads(jsonLdOf(res.body)[0]);
    expect(quads).toContain(
      `<${BASE}/items/${item.id}#product> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${S}Product> .`,
    );
    expect(
      quads.some((q) => q.startsWith(`<${BASE}/items/${item.id}#product> <${S}offers> _:`)),
    ).toBe(true);

    expect(metaOf(res.body, 'og:price:amount')).toEqual(['12.50']);
    expect(metaOf(res.body, 'og:price:currency')).toEqual(['EUR']);
  });

  it('a held piece is LimitedAvailability; a sold one keeps its page (200), SoldOut and said so', async () => {
    const held = await makeItem(t.db, { status: 'reserved', priceCents: 4000 });
    const heldOffer = (await productOf((await page(held.id)).body))[`${S}offers`]![0];
    expect(value(heldOffer as never, 'availability')).toBe(`${S}LimitedAvailability`);

    const sold = await makeItem(t.db, {
      status: 'sold',
      title: 'Oak stool',
      description: 'Three legs.',
    });
    const res = await page(sold.id);
    expect(res.statusCode).toBe(200);
    const offer = (await productOf(res.body))[`${S}offers`]![0];
    expect(value(offer as never, 'availability')).toBe(`${S}SoldOut`);
    expect(metaOf(res.body, 'description')).toEqual(['Sold. Three legs.']);
    expect(metaOf(res.body, 'og:title')).toEqual(['Oak stool']);
  });

  it('follows the catalogue: the page of a piece sold after it was read says SoldOut', async () => {
    const item = await makeItem(t.db);
    const before = (await productOf((await page(item.id)).body))[`${S}offers`]![0];
    expect(value(before as never, 'availability')).toBe(`${S}InStock`);
    await t.db.updateTable('items').set({ status: 'sold' }).where('id', '=', item.id).execute();
    const after = (await productOf((await page(item.id)).body))[`${S}offers`]![0];
    expect(value(after as never, 'availability')).toBe(`${S}SoldOut`);
  });

  it('a title or description with </script> and <!-- stays data: one JSON-LD block, read back exactly', async () => {
    const title = `</script><script>alert(1)</script><!-- "quoted" & \u2028`;
    const description = `</script ><img src=x onerror=alert(2)>]]>`;
    const item = await makeItem(t.db, { title, description });
    const html = (await page(item.id)).body;
    const scripts = scriptsOf(html);
    // The JSON-LD and the client's module entry: nothing the item's text could add.
    expect(scripts.map((s) => s.type)).toEqual(['application/ld+json', 'module']);
    const product = await productOf(html);
    expect(value(product, 'name')).toBe(title);
    expect(value(product, 'description')).toBe(description);
  });

  it('a pending piece has no page and no data anywhere', async () => {
    const pending = await makeItem(t.db, { status: 'pending', title: 'Not yet public' });
    const res = await page(pending.id);
    expect(res.statusCode).toBe(404);
    expect(jsonLdOf(res.body)).toEqual([]);
    expect(metaOf(res.body, 'og:price:amount')).toEqual([]);
  });
});

describe('the Product names the condition where the shop knows it', () => {
  const facts = {
    id: 7,
    title: 'Chair',
    description: '',
    status: 'available' as const,
    price_cents: 100,
    url: `${BASE}/items/7`,
    image: null,
    category: null,
  };

  it('maps the shop’s conditions onto schema.org’s, and leaves it out when unknown', async () => {
    const cases = [
      ['new', 'NewCondition'],
      ['like_new', 'UsedCondition'],
      ['good', 'UsedCondition'],
      ['fair', 'UsedCondition'],
      ['for_parts', 'DamagedCondition'],
    ] as const;
    for (const [condition, expected] of cases) {
      const [product] = (await expandJsonLd(
        productJsonLd({ ...facts, condition }, 'EUR'),
      )) as Record<string, unknown[]>[];
      expect(value(product!, 'itemCondition'), condition).toBe(`${S}${expected}`);
    }
    const [unknown] = (await expandJsonLd(productJsonLd(facts, 'EUR'))) as Record<
      string,
      unknown[]
    >[];
    expect(unknown![`${S}itemCondition`]).toBeUndefined();
  });
});

describe('the condition an owner gives a piece reaches its page and the product feed', () => {
  it('set in the admin: UsedCondition on the page and "used" in the feed; for parts is DamagedCondition', async () => {
    const admin = await adminClient(t.app);
    const stool = await makeItem(t.db, { title: 'Pine milking stool', priceCents: 9_00 });
    const radio = await makeItem(t.db, { title: 'Valve radio', priceCents: 30_00 });
    expect(value(await productOf((await page(stool.id)).body), 'itemCondition')).toBeUndefined();

    expect(
      (await admin('PATCH', `/api/admin/items/${stool.id}`, { condition: 'good' })).statusCode,
    ).toBe(200);
    expect(
      (await admin('PATCH', `/api/admin/items/${radio.id}`, { condition: 'for_parts' })).statusCode,
    ).toBe(200);

    const itemCondition = async (id: number) => {
      const node = (await productOf((await page(id)).body))[`${S}itemCondition`]?.[0] as
        | { '@id'?: string; '@value'?: string }
        | undefined;
      return node?.['@id'] ?? node?.['@value'];
    };
    expect(await itemCondition(stool.id)).toBe(`${S}UsedCondition`);
    expect(await itemCondition(radio.id)).toBe(`${S}DamagedCondition`);

    const feed = (await t.app.inject({ method: 'GET', url: '/feeds/products.xml' })).body;
    const entry = (title: string) =>
      feed.split('<item>').find((part) => part.includes(`<title>${title}</title>`)) ?? '';
    expect(entry('Pine milking stool')).toContain('<g:condition>used</g:condition>');
    expect(entry('Valve radio')).toContain('<g:condition>used</g:condition>');
  });
});
