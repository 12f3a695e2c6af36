import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { METRICS_TOKEN, metricsSnapshot } from '../../../test/support/metrics.js';

// Issue 35 item 2: a tag or category edit announces what it touches (migration
// 0099), so the storefront's index applies it in place instead of loading the
// whole catalogue again, and every answer that shows the edit is read again.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { ...ADMIN_ENV, METRICS_TOKEN } });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const ids = async (url: string) => {
  const answer = await get(url);
  expect(answer.statusCode).toBe(200);
  return (answer.json().items as Array<{ id: number }>).map((item) => item.id).sort();
};
const filters = async () => (await get('/api/filters')).json();
type Node = { id: number; name: string; slug: string; children: Node[] };
const flatten = (
  nodes: Node[],
  parent: number | null = null,
): Array<[number, number | null, string]> =>
  nodes.flatMap(
    (node) => [[node.id, parent, node.name], ...flatten(node.children, node.id)] as const,
  );

/**
 * Runs `edit` on a shop whose index is loaded and whose answers at `urls` are
 * kept, then reads them again: how many whole loads of the index that took.
 */
async function reloadsDuring(urls: string[], edit: () => Promise<void>): Promise<number> {
  for (const url of urls) expect((await get(url)).statusCode).toBe(200);
  await t.app.storefrontMemory.settled();
  for (const url of urls) await get(url);
  const snap = await metricsSnapshot(t.app);
  await edit();
  for (const url of urls) await get(url);
  await t.app.storefrontMemory.settled();
  return snap.moved('shop_storefront_index_reloads_total');
}

describe('tag edits update the storefront in place', () => {
  it('a renamed tag: lists by its new slug, none by the old, its new name on items and in filters', async () => {
    const tag = await makeTag(t.db, { name: 'Oakish', slug: 'edits-oakish' });
    const a = await makeItem(t.db, { tagIds: [tag.id] });
    const b = await makeItem(t.db, { tagIds: [tag.id] });
    await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    const urls = [
      '/api/items?tags=edits-oakish',
      '/api/items?tags=edits-oaken',
      `/api/items/${a.id}`,
      '/api/filters',
    ];
    const reloads = await reloadsDuring(urls, async () => {
      const renamed = await admin('PATCH', `/api/admin/tags/${tag.id}`, {
        name: 'Oaken',
        slug: 'edits-oaken',
      });
      expect(renamed.statusCode).toBe(200);
    });
    expect(reloads).toBe(0);
    expect(await ids('/api/items?tags=edits-oakish')).toEqual([]);
    expect(await ids('/api/items?tags=edits-oaken')).toEqual([a.id, b.id].sort());
    expect((await get(`/api/items/${a.id}`)).json().tags).toEqual([
      expect.objectContaining({ id: tag.id, name: 'Oaken', slug: 'edits-oaken' }),
    ]);
    const listed = (await filters()).tags.filter((x: { id: number }) => x.id === tag.id);
    expect(listed).toEqual([
      expect.objectContaining({ name: 'Oaken', slug: 'edits-oaken', count: 2 }),
    ]);
  });

  it('a deleted tag: off its items, out of filters, its old slug lists nothing', async () => {
    const kept = await makeTag(t.db, { name: 'Kept', slug: 'edits-kept' });
    const gone = await makeTag(t.db, { name: 'Gone', slug: 'edits-gone' });
    const a = await makeItem(t.db, { tagIds: [kept.id, gone.id] });
    const b = await makeItem(t.db, { tagIds: [gone.id] });
    const urls = [
      '/api/items?tags=edits-gone',
      '/api/items?tags=edits-kept',
      `/api/items/${a.id}`,
      `/api/items/${b.id}`,
      '/api/filters',
    ];
    const reloads = await reloadsDuring(urls, async () => {
      expect((await admin('DELETE', `/api/admin/tags/${gone.id}`)).statusCode).toBe(204);
    });
    expect(reloads).toBe(0);
    expect(await ids('/api/items?tags=edits-gone')).toEqual([]);
    expect(await ids('/api/items?tags=edits-kept')).toEqual([a.id]);
    expect((await get(`/api/items/${a.id}`)).json().tags.map((x: { id: number }) => x.id)).toEqual([
      kept.id,
    ]);
    expect((await get(`/api/items/${b.id}`)).json().tags).toEqual([]);
    const tags = (await filters()).tags as Array<{ id: number; count: number }>;
    expect(tags.map((x) => x.id)).not.toContain(gone.id);
    expect(tags.find((x) => x.id === kept.id)?.count).toBe(1);
  });
  it('a tag no item carries, renamed then deleted: so in the filters', async () => {
    const tag = await makeTag(t.db, { name: 'Unused', slug: 'edits-unused' });
    const urls = ['/api/filters', '/api/items?tags=edits-unused'];
    const reloads = await reloadsDuring(urls, async () => {
      expect((await admin('PATCH', `/api/admin/tags/${tag.id}`, { name: 'Idle' })).statusCode).toBe(
        200,
      );
    });
    expect(reloads).toBe(0);
    const named = (await filters()).tags.find((x: { id: number }) => x.id === tag.id);
    expect(named).toEqual(expect.objectContaining({ name: 'Idle', count: 0 }));
    const again = await reloadsDuring(urls, async () => {
      expect((await admin('DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(204);
    });
    expect(again).toBe(0);
    expect((await filters()).tags.map((x: { id: number }) => x.id)).not.toContain(tag.id);
  });
});

describe('category edits update the storefront in place', () => {
  it('a renamed category: its new name on its items and in the tree, its lists unchanged', async () => {
    const top = await makeCategory(t.db, { name: 'Seating', slug: 'edits-seating' });
    const under = await makeCategory(t.db, {
      name: 'Stools',
      slug: 'edits-stools',
      parentId: top.id,
    });
    const a = await makeItem(t.db, { categoryId: top.id });
    const b = await makeItem(t.db, { categoryId: under.id });
    const urls = [
      `/api/items?category=${top.id}`,
      `/api/items/${a.id}`,
      `/api/items/${b.id}`,
      '/api/filters',
    ];
    const reloads = await reloadsDuring(urls, async () => {
      const renamed = await admin('PATCH', `/api/admin/categories/${top.id}`, {
        name: 'Chairs',
        slug: 'edits-chairs',
      });
      expect(renamed.statusCode).toBe(200);
    });
    expect(reloads).toBe(0);
    expect(await ids(`/api/items?category=${top.id}`)).toEqual([a.id, b.id].sort());
    expect((await get(`/api/items/${a.id}`)).json().category).toEqual({
      id: top.id,
      name: 'Chairs',
      slug: 'edits-chairs',
    });
    expect((await get(`/api/items/${b.id}`)).json().category.name).toBe('Stools');
    const tree = flatten((await filters()).categories);
    expect(tree).toContainEqual([top.id, null, 'Chairs']);
    expect(tree).toContainEqual([under.id, top.id, 'Stools']);
    const adminTree = flatten((await admin('GET', '/api/admin/categories')).json().categories);
    expect(adminTree).toContainEqual([top.id, null, 'Chairs']);
  });

  it('a moved category: its subtree and items listed under the new parent, not the old', async () => {
    const from = await makeCategory(t.db, { name: 'Tables', slug: 'edits-tables' });
    const to = await makeCategory(t.db, { name: 'Outdoor', slug: 'edits-outdoor' });
    const moved = await makeCategory(t.db, {
      name: 'Garden',
      slug: 'edits-garden',
      parentId: from.id,
    });
    const below = await makeCategory(t.db, {
      name: 'Benches',
      slug: 'edits-benches',
      parentId: moved.id,
    });
    const stays = await makeItem(t.db, { categoryId: from.id });
    const a = await makeItem(t.db, { categoryId: moved.id });
    const b = await makeItem(t.db, { categoryId: below.id });
    const urls = [
      `/api/items?category=${from.id}`,
      `/api/items?category=${to.id}`,
      `/api/items?category=${moved.id}`,
      `/api/items/${a.id}`,
      '/api/filters',
    ];
    const reloads = await reloadsDuring(urls, async () => {
      const answer = await admin('PATCH', `/api/admin/categories/${moved.id}`, {
        parent_id: to.id,
      });
      expect(answer.statusCode).toBe(200);
    });
    expect(reloads).toBe(0);
    expect(await ids(`/api/items?category=${from.id}`)).toEqual([stays.id]);
    expect(await ids(`/api/items?category=${to.id}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`/api/items?category=${moved.id}`)).toEqual([a.id, b.id].sort());
    const tree = flatten((await filters()).categories);
    expect(tree).toContainEqual([moved.id, to.id, 'Garden']);
    expect(tree).toContainEqual([below.id, moved.id, 'Benches']);
  });

  it('a created and a deleted category: in the tree and out again', async () => {
    const urls = ['/api/filters', '/api/items'];
    let id = 0;
    const reloads = await reloadsDuring(urls, async () => {
      const created = await admin('POST', '/api/admin/categories', { name: 'Lamps' });
      expect(created.statusCode).toBe(201);
      id = created.json().id;
    });
    expect(reloads).toBe(0);
    expect(flatten((await filters()).categories)).toContainEqual([id, null, 'Lamps']);
    const again = await reloadsDuring(urls, async () => {
      expect((await admin('DELETE', `/api/admin/categories/${id}`)).statusCode).toBe(204);
    });
    expect(again).toBe(0);
    expect(flatten((await filters()).categories).map(([node]) => node)).not.toContain(id);
  });
});
