import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';

// `If-None-Match: *` means "if you have any version": 304 only for an item that
// is visible; an absent or pending one is 404, with no ETag, never stored.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('If-None-Match: * on an item', () => {
  it('is 304 for a visible item', async () => {
    const item = await makeItem(t.db);
    const res = await get(`/api/items/${item.id}`, { 'if-none-match': '*' });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBeTruthy();
  });

  it('is 404 for an absent or a pending item, with no ETag and no-store', async () => {
    const pending = await makeItem(t.db, { status: 'pending' });
    for (const id of [pending.id, 999_999]) {
      for (const headers of [{ 'if-none-match': '*' }, {}] as Record<string, string>[]) {
        const res = await get(`/api/items/${id}`, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
        expect(res.headers.etag).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('a tag made up for an absent item is not a 304 either', async () => {
    const visible = await makeItem(t.db);
    const etag = (await get(`/api/items/${visible.id}`)).headers.etag as string;
    // Same version, another key: the client guesses the shape of our tags.
    const res = await get('/api/items/999998', { 'if-none-match': etag.replace(/-[^"]+/, '-x') });
    expect(res.statusCode).toBe(404);
  });
});
