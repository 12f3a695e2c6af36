import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem } from '../../../test/support/factories.js';
import {
  holdLocks,
  type Tracked,
  track,
  waitForLockWaiters,
} from '../../../test/support/lock-holder.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// The subtree filter reads a category path copied onto each item (migration
// 0023): moving a category, or an item between categories, must carry it along.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

async function listedIn(categoryId: number): Promise<number[]> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/items?category=${categoryId}` });
  expect(answer.statusCode).toBe(200);
  return (answer.json().items as Array<{ id: number }>).map((item) => item.id).sort();
}

describe('category subtree after moves', () => {
  it('a moved category takes its subcategories and their items to the new parent', async () => {
    const furniture = await makeCategory(t.db, { slug: 'moves-furniture' });
    const lighting = await makeCategory(t.db, { slug: 'moves-lighting' });
    const lamps = await makeCategory(t.db, { slug: 'moves-lamps', parentId: furniture.id });
    const desk = await makeCategory(t.db, { slug: 'moves-desk-lamps', parentId: lamps.id });
    const lamp = await makeItem(t.db, { categoryId: lamps.id });
    const deskLamp = await makeItem(t.db, { categoryId: desk.id });
    const chair = await makeItem(t.db, { categoryId: furniture.id });
    expect(await listedIn(furniture.id)).toEqual([lamp.id, deskLamp.id, chair.id].sort());

    const moved = await admin('PATCH', `/api/admin/categories/${lamps.id}`, {
      parent_id: lighting.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(await listedIn(furniture.id)).toEqual([chair.id]);
    expect(await listedIn(lighting.id)).toEqual([lamp.id, deskLamp.id].sort());
    expect(await listedIn(desk.id)).toEqual([deskLamp.id]);

    // To the top level: no longer beneath anything.
    await admin('PATCH', `/api/admin/categories/${lamps.id}`, { parent_id: null });
    expect(await listedIn(lighting.id)).toEqual([]);
    expect(await listedIn(lamps.id)).toEqual([lamp.id, deskLamp.id].sort());
  });

  it('an item moved to another category, or out of every one, is listed where it now is', async () => {
    const from = await makeCategory(t.db, { slug: 'moves-from' });
    const to = await makeCategory(t.db, { slug: 'moves-to' });
    const item = await makeItem(t.db, { categoryId: from.id });
    const edited = await admin('PATCH', `/api/admin/items/${item.id}`, { category_id: to.id });
    expect(edited.statusCode).toBe(200);
    expect(await listedIn(from.id)).toEqual([]);
    expect(await listedIn(to.id)).toEqual([item.id]);
    await admin('PATCH', `/api/admin/items/${item.id}`, { category_id: null });
    expect(await listedIn(to.id)).toEqual([]);
  });
});

describe.runIf(onPostgres)('category paths under a concurrent move (PostgreSQL)', () => {
  it('an item put into a category while that category is being moved is listed under the new parent', async () => {
    const furniture = await makeCategory(t.db, { slug: 'race-furniture' });
    const lighting = await makeCategory(t.db, { slug: 'race-lighting' });
    const lamps = await makeCategory(t.db, { slug: 'race-lamps', parentId: furniture.id });
    const desk = await makeCategory(t.db, { slug: 'race-desk-lamps', parentId: lamps.id });
    const already = await makeItem(t.db, { categoryId: desk.id });
    const arriving = await makeItem(t.db, { categoryId: null });
    const url = await currentDatabaseUrl(t.db);
    // Holding an item already under Desk lamps stops the move after it has rewritten
    // the categories' paths and before it commits; the other item is put into Desk
    // lamps meanwhile. A plain read of Desk lamps' path would copy the old one.
    const held = await holdLocks(url, [
      { text: 'SELECT 1 FROM items WHERE id = $1 FOR UPDATE', values: [already.id] },
    ]);
    let move: Promise<{ statusCode: number; body: string }>;
    let put: Tracked<{ statusCode: number; body: string }>;
    try {
      move = admin('PATCH', `/api/admin/categories/${lamps.id}`, { parent_id: lighting.id });
      await waitForLockWaiters(url, '%', 1);
      put = track(admin('PATCH', `/api/admin/items/${arriving.id}`, { category_id: desk.id }));
      await waitForLockWaiters(url, '%', 2, put.done);
    } finally {
      await held.release();
    }
    const answers = await Promise.all([move, put.promise]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await listedIn(lighting.id)).toEqual([already.id, arriving.id].sort());
    expect(await listedIn(furniture.id)).toEqual([]);
  });
});
