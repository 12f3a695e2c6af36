import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem, makeTag } from '../../../test/support/factories.js';

// Items' tags come from their tag_ids and a dictionary of tags kept in memory:
// these check it follows every change to the tags themselves.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const page = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/items/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { tags: Array<{ id: number; name: string; slug: string }> };
};
const slugs = async (id: number) => (await page(id)).tags.map((tag) => tag.slug);

describe("an item's tags, named from memory", () => {
  it('are listed by name, then id, on its page and in the list', async () => {
    const zeta = await makeTag(t.db, { name: 'zeta', slug: 'zeta-order' });
    const twinA = await makeTag(t.db, { name: 'twin', slug: 'twin-a' });
    const alpha = await makeTag(t.db, { name: 'alpha', slug: 'alpha-order' });
    const twinB = await makeTag(t.db, { name: 'twin', slug: 'twin-b' });
    const item = await makeItem(t.db, { tagIds: [zeta.id, twinB.id, alpha.id, twinA.id] });
    expect(await slugs(item.id)).toEqual(['alpha-order', 'twin-a', 'twin-b', 'zeta-order']);
    const list = await t.app.inject({ method: 'GET', url: '/api/items?tags=zeta-order' });
    expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect(list.json().items[0].tags.map((tag: { slug: string }) => tag.slug)).toEqual([
      'alpha-order',
      'twin-a',
      'twin-b',
      'zeta-order',
    ]);
    expect(list.json().items[0].tags[0]).toMatchObject({ id: alpha.id, name: 'alpha' });
  });

  it('follow a rename, a tag created and attached later, and a delete, at once', async () => {
    const kept = await makeTag(t.db, { name: 'kept', slug: 'kept-tag' });
    const item = await makeItem(t.db, { tagIds: [kept.id] });
    expect(await slugs(item.id)).toEqual(['kept-tag']);

    await t.db.updateTable('tags').set({ name: 'renamed' }).where('id', '=', kept.id).execute();
    expect((await page(item.id)).tags).toMatchObject([{ id: kept.id, name: 'renamed' }]);

    const added = await makeTag(t.db, { name: 'added', slug: 'added-later' });
    await t.db.insertInto('item_tags').values({ item_id: item.id, tag_id: added.id }).execute();
    expect(await slugs(item.id)).toEqual(['added-later', 'kept-tag']);

    await t.db.deleteFrom('tags').where('id', '=', added.id).execute();
    expect(await slugs(item.id)).toEqual(['kept-tag']);
  });
});
