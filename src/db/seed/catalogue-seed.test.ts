import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { migrateToLatest } from '../migrate.js';
import { DEFAULT_SHAPE, seedCatalogue } from './catalogue-seed.js';

let first: TestDatabase;
let second: TestDatabase;
const shape = { ...DEFAULT_SHAPE, items: 400, imagePaths: ['seed/a.jpg', 'seed/b.jpg'] };

beforeAll(async () => {
  first = await createTestDatabase();
  second = await createTestDatabase();
  await migrateToLatest(first.handle.db);
  await migrateToLatest(second.handle.db);
});
afterAll(async () => {
  await first.drop();
  await second.drop();
});

describe('npm run seed: the catalogue seeder', () => {
  it('builds the documented shape: a three-level tree, 40 tags, 1–6 images per item, every status', async () => {
    const progress: number[] = [];
    const result = await seedCatalogue(first.handle.db, shape, (done) => progress.push(done));
    expect(result).toMatchObject({ categories: 6 + 24 + 72, tags: 40, items: 400 });
    expect(progress.at(-1)).toBe(400);

    const db = first.handle.db;
    const depth = await sql<{ depth: number }>`
      WITH RECURSIVE tree AS (
        SELECT id, 1 AS depth FROM categories WHERE parent_id IS NULL
        UNION ALL SELECT c.id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.id)
      SELECT max(depth)::int AS depth FROM tree`.execute(db);
    expect(depth.rows[0]?.depth).toBe(3);

    const images = await sql<{ min: number; max: number }>`
      SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM item_images GROUP BY item_id) x`.execute(
      db,
    );
    expect(images.rows[0]).toEqual({ min: 1, max: 6 });
    // Every item has an image (the counts above only see items that have some).
    expect(
      await db
        .selectFrom('items as i')
        .leftJoin('item_images as im', 'im.item_id', 'i.id')
        .select('i.id')
        .where('im.id', 'is', null)
        .execute(),
    ).toEqual([]);

    const statuses = await db
      .selectFrom('items')
      .select('status')
      .distinct()
      .orderBy('status')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['available', 'pending', 'reserved', 'sold']);

    const prices = await sql<{
      min: number;
      max: number;
    }>`SELECT min(price_cents) AS min, max(price_cents) AS max FROM items`.execute(db);
    expect(prices.rows[0]!.min).toBeGreaterThanOrEqual(500);
    expect(prices.rows[0]!.max).toBeLessThanOrEqual(50_000);
  });

  it('gives the same catalogue for the same seed', async () => {
    await seedCatalogue(second.handle.db, shape);
    const titles = (db: typeof first.handle.db) =>
      db.selectFrom('items').select(['title', 'status', 'price_cents']).orderBy('id').execute();
    expect(await titles(second.handle.db)).toEqual(await titles(first.handle.db));
  });
});
