import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem, makeTag } from '../../../test/support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/items/${id}` });

describe('GET /api/items/:id', () => {
  it('returns one item with its images and tags', async () => {
    const tags = await Promise.all([makeTag(t.db), makeTag(t.db), makeTag(t.db)]);
    const item = await makeItem(t.db, { tagIds: tags.map((tag) => tag.id), images: 2 });
    const res = await get(item.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, status: 'available' });
    expect(res.json().images).toHaveLength(2);
    expect(res.json().tags).toHaveLength(3);
  });

  it('rule 1: a pending item is excluded, answered exactly like an absent id (rule 2: 404 not_found)', async () => {
    const pending = await makeItem(t.db, { status: 'pending' });
    const hidden = await get(pending.id);
    const absent = await get(2_000_000);
    expect(hidden.statusCode).toBe(404);
    expect(absent.statusCode).toBe(404);
    expect(hidden.json()).toEqual(absent.json());
    expect(hidden.json().error.code).toBe('not_found');
  });

  it('shows sold and reserved items', async () => {
    for (const status of ['sold', 'reserved'] as const) {
      const item = await makeItem(t.db, { status });
      expect((await get(item.id)).json().status).toBe(status);
    }
  });

  it.each(['abc', '0', '-3', '1.5'])(
    'refuses the malformed id %j with 400 invalid_id',
    async (id) => {
      const res = await get(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_id');
    },
  );
});
