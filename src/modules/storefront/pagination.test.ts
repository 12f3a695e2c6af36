import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem } from '../../../test/support/factories.js';

let t: TestApp;
let categoryId: number;
const visible: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  categoryId = (await makeCategory(t.db)).id;
  // Ties on purpose: equal prices and equal publication times, so the id must break them.
  const sameMoment = new Date('2026-03-01T12:00:00.123456Z');
  for (let i = 0; i < 23; i++) {
    const item = await makeItem(t.db, {
      categoryId,
      priceCents: 1_000 * (i % 4),
      publishedAt: i % 3 === 0 ? sameMoment : new Date(Date.UTC(2026, 2, 2, 0, 0, i, 500)),
      status: i % 5 === 4 ? 'sold' : 'available',
    });
    visible.push(item.id);
  }
  for (let i = 0; i < 4; i++) await makeItem(t.db, { categoryId, status: 'pending' });
});
afterAll(() => t.close());

async function page(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/items?category=${categoryId}&limit=5${query}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: Array<{ id: number; price_cents: number }>;
    next_cursor: string | null;
  };
}

describe('paging with cursor', () => {
  it.each(['newest', 'price_asc', 'price_desc'])(
    'returns each non-pending item exactly once in %s order, while items are inserted between pages',
    async (sort) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body = await page(
          `&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...body.items.map((item) => item.id));
        cursor = body.next_cursor;
        pages++;
        // A new item arrives between pages: it may or may not appear, but nothing may repeat or go missing.
        await makeItem(t.db, { categoryId, priceCents: 2_000 });
      } while (cursor && pages < 20);

      const original = seen.filter((id) => visible.includes(id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(original.sort((a, b) => a - b)).toEqual([...visible].sort((a, b) => a - b));
    },
  );

  it('orders by price with the id breaking ties', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items?category=${categoryId}&sort=price_asc&limit=100`,
    });
    const items = res.json().items as Array<{ id: number; price_cents: number }>;
    const keys = items.map((item) => [item.price_cents, item.id] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
  });

  it('answers next_cursor null on the last page', async () => {
    const body = await t.app.inject({
      method: 'GET',
      url: `/api/items?category=${categoryId}&limit=100`,
    });
    expect(body.json().next_cursor).toBeNull();
  });

  it('refuses a cursor from another sort order', async () => {
    const first = await page('&sort=price_asc');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items?category=${categoryId}&sort=price_desc&cursor=${encodeURIComponent(first.next_cursor!)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('cursor');
  });
});
