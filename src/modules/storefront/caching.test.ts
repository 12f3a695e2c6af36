import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

describe('conditional public reads', () => {
  it.each(['/api/items', '/api/filters'])(
    '%s sends an ETag and answers a matching If-None-Match with 304',
    async (url) => {
      await makeItem(t.db);
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{12}-\d+-[\w-]+"$/);
      const again = await get(url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, `W/${etag}`)).statusCode).toBe(304);
    },
  );

  it('/api/items/:id answers 304 too', async () => {
    const item = await makeItem(t.db);
    const first = await get(`/api/items/${item.id}`);
    expect((await get(`/api/items/${item.id}`, first.headers.etag as string)).statusCode).toBe(304);
  });

  it('lets caches store but never reuse without asking: Cache-Control public, no-cache', async () => {
    expect((await get('/api/items')).headers['cache-control']).toBe('public, no-cache');
  });

  it('changes the ETag and the body when the catalogue changes, so an unpublished item disappears at once', async () => {
    const item = await makeItem(t.db, { title: 'Soon unpublished' });
    const before = await get('/api/items?q=unpublished');
    expect(before.json().items.map((i: { id: number }) => i.id)).toContain(item.id);

    await t.db.updateTable('items').set({ status: 'pending' }).where('id', '=', item.id).execute();

    const stale = await get('/api/items?q=unpublished', before.headers.etag as string);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
    expect(stale.json().items).toEqual([]);
    expect((await get(`/api/items/${item.id}`)).statusCode).toBe(404);
  });

  it('keeps the ETag when a write touches nothing in the catalogue', async () => {
    const first = await get('/api/filters');
    await t.db.updateTable('items').set({ status: 'available' }).where('id', '=', -1).execute();
    expect((await get('/api/filters', first.headers.etag as string)).statusCode).toBe(304);
  });

  it('gives equal filters in another order the same ETag', async () => {
    const a = await get('/api/items?tags=a-tag,b-tag&limit=10');
    const b = await get('/api/items?limit=10&tags=b-tag,a-tag');
    expect(a.headers.etag).toBe(b.headers.etag);
  });
});

describe('a URL answered before, answered again from memory', () => {
  const withoutDate = (headers: Record<string, unknown>) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };

  it.each(['/api/items?sort=price_asc&limit=5', '/api/filters'])(
    '%s: the same status, headers and bytes as its first answer, for GET, 304 and HEAD',
    async (url) => {
      await makeItem(t.db);
      const first = await get(url);
      const again = await get(url);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      const revalidated = await get(url, first.headers.etag as string);
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.etag).toBe(first.headers.etag);
    },
  );

  it('judges a refused URL afresh every time: 400 again, never an answer', async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await get('/api/items?min_price=20&max_price=10');
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.body).error.code).toBe('invalid_parameter');
    }
  });

  it('a pending item known before is 404 once unpublished, however often its page was read', async () => {
    const item = await makeItem(t.db);
    for (let i = 0; i < 3; i++) expect((await get(`/api/items/${item.id}`)).statusCode).toBe(200);
    await t.db.updateTable('items').set({ status: 'pending' }).where('id', '=', item.id).execute();
    expect((await get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await get(`/api/items/${item.id}`)).statusCode).toBe(404);
  });
});
