import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';

// The admin list shares the storefront's filters (spec 4.2 rule 9) but includes
// pending items, which the storefront's facet index leaves out: its subtree and
// tag filters take another path (0023) and must find the same items, pending too.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

async function ids(url: string): Promise<number[]> {
  const answer = url.startsWith('/api/admin')
    ? await admin('GET', url)
    : await t.app.inject({ method: 'GET', url });
  expect(answer.statusCode).toBe(200);
  return (answer.json().items as Array<{ id: number }>).map((item) => item.id).sort();
}

describe('admin item list: category subtree and tags, pending included', () => {
  it('finds pending and listed items beneath the category, and only those', async () => {
    const root = await makeCategory(t.db, { slug: 'admin-filter-root' });
    const child = await makeCategory(t.db, { slug: 'admin-filter-child', parentId: root.id });
    const elsewhere = await makeCategory(t.db, { slug: 'admin-filter-elsewhere' });
    const pending = await makeItem(t.db, { status: 'pending', categoryId: child.id });
    const listed = await makeItem(t.db, { categoryId: root.id });
    await makeItem(t.db, { status: 'pending', categoryId: elsewhere.id });
    expect(await ids(`/api/admin/items?category=${root.id}`)).toEqual(
      [pending.id, listed.id].sort(),
    );
    expect(await ids(`/api/items?category=${root.id}`)).toEqual([listed.id]);
  });

  it('finds items carrying every listed tag; a tag that does not exist finds nothing', async () => {
    const [glass, green] = await Promise.all(
      ['admin-filter-glass', 'admin-filter-green'].map((slug) => makeTag(t.db, { slug })),
    );
    const both = await makeItem(t.db, { status: 'pending', tagIds: [glass!.id, green!.id] });
    const bothListed = await makeItem(t.db, { tagIds: [glass!.id, green!.id] });
    await makeItem(t.db, { status: 'pending', tagIds: [glass!.id] });
    const tags = 'tags=admin-filter-glass,admin-filter-green';
    expect(await ids(`/api/admin/items?${tags}`)).toEqual([both.id, bothListed.id].sort());
    expect(await ids(`/api/items?${tags}`)).toEqual([bothListed.id]);
    expect(await ids(`/api/admin/items?${tags},admin-filter-missing`)).toEqual([]);
    expect(await ids(`/api/items?${tags},admin-filter-missing`)).toEqual([]);
  });
});
