import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeItem, makeTag } from '../../../test/support/factories.js';
import { countItemRewrites } from '../../../test/support/item-rewrites.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import type { Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';

// items.tag_ids follows an item's links after every item_tags statement (0023), and
// since 0100 an item is rewritten only when its links change its tag_ids: a rewrite
// is a new row version in all of the item's indexes, and fires its UPDATE triggers.

let database: TestDatabase;
let db: Db;
let rewrites: Awaited<ReturnType<typeof countItemRewrites>>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await migrateToLatest(db);
  rewrites = await countItemRewrites(db);
});
afterAll(() => database?.drop());
beforeEach(() => rewrites.forget());

const rewritten = () => rewrites.rewritten();
const tagIdsOf = async (id: number) =>
  (await db.selectFrom('items').select('tag_ids').where('id', '=', id).executeTakeFirstOrThrow())
    .tag_ids;
/** Tag counts as kept, and recounted from the links of visible items: always equal. */
async function expectCountsKept(): Promise<void> {
  const kept = await sql<{ tag_id: number; items: number }>`
    SELECT tag_id, items FROM tag_counts WHERE items <> 0 ORDER BY tag_id`.execute(db);
  const recounted = await sql<{ tag_id: number; items: number }>`
    SELECT it.tag_id, count(*)::int AS items FROM item_tags it
    JOIN items i ON i.id = it.item_id AND i.status <> 'pending'
    GROUP BY it.tag_id ORDER BY it.tag_id`.execute(db);
  expect(kept.rows).toEqual(recounted.rows);
}

describe('tag_ids refreshed from the links', () => {
  it('leaves an item unwritten when its links give it the tag_ids it has', async () => {
    const [a, b] = [await makeTag(db), await makeTag(db)];
    // As the seed writes an item: its tag_ids first, then the links that give them.
    const { id } = await db
      .insertInto('items')
      .values({ title: 'Oak stool', status: 'available', tag_ids: [a.id, b.id] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('item_tags')
      .values([
        { item_id: id, tag_id: b.id },
        { item_id: id, tag_id: a.id },
      ])
      .execute();
    expect(await rewritten()).toEqual([]);
    expect(await tagIdsOf(id)).toEqual([a.id, b.id]);
    await expectCountsKept();
  });

  it('rewrites an item whose links change: added, deleted, moved to another item', async () => {
    const [a, b, c] = [await makeTag(db), await makeTag(db), await makeTag(db)];
    const chair = await makeItem(db, { status: 'available' });
    const table = await makeItem(db, { status: 'available', tagIds: [c.id] });
    /** One item_tags statement: the items it rewrote, each item's tag_ids after it, the counts kept. */
    async function expectStatement(
      statement: () => Promise<unknown>,
      rewrote: number[],
      after: Array<[id: number, tagIds: number[]]>,
    ): Promise<void> {
      await rewrites.forget();
      await statement();
      expect(await rewritten()).toEqual(rewrote.sort((x, y) => x - y));
      for (const [id, tagIds] of after) expect(await tagIdsOf(id)).toEqual(tagIds);
      await expectCountsKept();
    }

    await expectStatement(
      () =>
        db
          .insertInto('item_tags')
          .values([
            { item_id: chair.id, tag_id: b.id },
            { item_id: chair.id, tag_id: a.id },
          ])
          .execute(),
      [chair.id],
      [[chair.id, [a.id, b.id]]],
    );
    await expectStatement(
      () =>
        db
          .deleteFrom('item_tags')
          .where('item_id', '=', chair.id)
          .where('tag_id', '=', a.id)
          .execute(),
      [chair.id],
      [[chair.id, [b.id]]],
    );
    // A link moved from the chair to the table: both follow; the table's other link is
    // untouched by the statement, yet the table is rewritten as its tags change.
    await expectStatement(
      () =>
        db
          .updateTable('item_tags')
          .set({ item_id: table.id })
          .where('item_id', '=', chair.id)
          .where('tag_id', '=', b.id)
          .execute(),
      [chair.id, table.id],
      [
        [chair.id, []],
        [table.id, [b.id, c.id]],
      ],
    );
    // An update that leaves the links as they were writes no item.
    await expectStatement(
      () =>
        db
          .updateTable('item_tags')
          .set({ tag_id: c.id })
          .where('item_id', '=', table.id)
          .where('tag_id', '=', c.id)
          .execute(),
      [],
      [[table.id, [b.id, c.id]]],
    );
    expect(
      await db
        .selectFrom('item_tags')
        .select('tag_id')
        .where('item_id', '=', table.id)
        .orderBy('tag_id')
        .execute(),
    ).toEqual([{ tag_id: b.id }, { tag_id: c.id }]);
  });

  it('puts right tag_ids written unlike the links, and deleting a tag takes it from its items', async () => {
    const [a, b] = [await makeTag(db), await makeTag(db)];
    const { id } = await db
      .insertInto('items')
      .values({ title: 'Brass lamp', status: 'available', tag_ids: [b.id] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('item_tags').values({ item_id: id, tag_id: a.id }).execute();
    expect(await tagIdsOf(id)).toEqual([a.id]);

    await db.deleteFrom('tags').where('id', '=', a.id).execute();
    expect(await tagIdsOf(id)).toEqual([]);
    await expectCountsKept();
  });
});
