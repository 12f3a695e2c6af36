import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { StatementRecorder } from '../../../test/support/statement-recorder.js';
import { CHANNELS } from '../../db/notifications.js';
import { DIMENSIONS as STOREFRONT_DIMENSIONS } from './catalogue-version.js';
import { itemsRepository } from './items.repository.js';
import { DIMENSIONS, ITEM_COLUMNS, scopeTrigger, unmappedColumns } from './visible-columns.js';

// Issue 35 item 4: the storefront's change triggers are generated from one table
// of the item columns it reads (migration 0081). A column the storefront reads
// that is not in the table would change without the lists that filter or sort by
// it hearing so: these tests fail first.

let t: TestApp;
const recorder = new StatementRecorder();
beforeAll(async () => {
  t = await buildTestApp({ plugins: [recorder] });
});
afterAll(() => t.close());

async function itemColumnNames(): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'items'`.execute(t.db);
  return rows.map((row) => row.column_name);
}

/** The item columns named in statements that read the items table. */
function itemColumnsIn(statements: readonly string[], columns: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const statement of statements) {
    if (!/\b(from|join)\s+"?items"?\b/i.test(statement)) continue;
    for (const word of statement.match(/[a-z_][a-z0-9_]*/gi) ?? []) {
      if (columns.includes(word)) named.add(word);
    }
  }
  return named;
}

/** The storefront's statements: every public read over HTTP, then each repository read alone. */
async function storefrontStatements(): Promise<string[]> {
  const category = await makeCategory(t.db);
  const tag = await makeTag(t.db);
  const item = await makeItem(t.db, {
    title: 'Walnut stool',
    categoryId: category.id,
    tagIds: [tag.id],
    images: 1,
  });
  await makeItem(t.db, { title: 'Oak bench' });
  recorder.statements.length = 0;

  const urls = [
    '/api/items',
    `/api/items?category=${category.id}&tags=${tag.slug}&min_price=0&max_price=100000&status=available&q=walnut&sort=price_asc`,
    '/api/items?sort=price_desc&limit=1',
    `/api/items/${item.id}`,
    '/api/filters',
    '/api/categories',
    `/items/${item.id}`,
    '/',
  ];
  for (const round of [1, 2]) {
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const first = (await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).json();
    await t.app.inject({ method: 'GET', url: `/api/items?limit=1&cursor=${first.next_cursor}` });
    // The second round is answered by the index, loaded meanwhile.
    if (round === 1) await t.app.storefrontMemory.settled();
  }

  const recorded = t.db.withPlugin(recorder);
  const items = itemsRepository(recorded);
  const filters = {
    includePending: false,
    categoryId: category.id,
    tagSlugs: [tag.slug],
    minPrice: 0,
    maxPrice: 100_000,
    status: 'available' as const,
    search: 'walnut:*',
    sort: 'newest' as const,
    limit: 10,
    cursor: { sort: 'newest' as const, key: new Date().toISOString(), id: item.id },
  };
  await items.list(filters);
  await items.listKeys(filters);
  await items.listKeys({ ...filters, sort: 'price_asc', cursor: undefined });
  await items.findVisibleByIds([item.id]);
  await items.findById(item.id, { includePending: false });
  await items.indexRows([item.id]);
  await items.indexSnapshot(async () => {});
  await items.priceBounds();
  await items.tagCounts();
  return [...recorder.statements];
}

describe('the storefront columns table (0081)', () => {
  it('maps every item column the storefront reads', async () => {
    const columns = await itemColumnNames();
    const read = itemColumnsIn(await storefrontStatements(), columns);
    // The reads that matter reached the database (else the check below proves nothing).
    for (const column of ['title', 'price_cents', 'category_path', 'tag_ids', 'search_vector']) {
      expect(read).toContain(column);
    }
    expect(unmappedColumns(ITEM_COLUMNS, read)).toEqual([]);
  });

  it('names what a table without one of those columns leaves out', () => {
    const { price_source: _left, ...without } = ITEM_COLUMNS;
    expect(unmappedColumns(without, ['title', 'price_source', 'price_source'])).toEqual([
      'price_source',
    ]);
  });

  it('maps only columns the items table has', async () => {
    const columns = await itemColumnNames();
    expect(Object.keys(ITEM_COLUMNS).filter((column) => !columns.includes(column))).toEqual([]);
  });

  it('is the table the installed trigger was generated from', async () => {
    const { rows } = await sql<{ source: string }>`
      SELECT prosrc AS source FROM pg_proc WHERE proname = 'bump_catalogue_version'`.execute(t.db);
    const generated = scopeTrigger(ITEM_COLUMNS, DIMENSIONS);
    const body = generated.slice(generated.indexOf('$$') + 2, generated.lastIndexOf('$$'));
    expect(rows.map((row) => row.source)).toEqual([body]);
  });
});

describe('each mapped column announces its dimensions', () => {
  const heard: string[] = [];
  let stop: () => void;
  // Made before any test: a new category is a change of its own (`category`).
  let categoryId = 0;
  beforeAll(async () => {
    categoryId = (await makeCategory(t.db)).id;
    stop = t.database.notifications.subscribe(CHANNELS.catalogueChanges, {
      message: (payload) => heard.push(payload),
      reset() {},
    });
  });
  afterAll(() => stop());

  /** A change of only this column on a visible row (generated ones through what they derive from). */
  const CHANGES: Record<string, (id: number) => Promise<unknown>> = {
    title: (id) => sql`UPDATE items SET title = title || ' x' WHERE id = ${id}`.execute(t.db),
    description: (id) =>
      sql`UPDATE items SET description = description || ' x' WHERE id = ${id}`.execute(t.db),
    status: (id) => sql`UPDATE items SET status = 'sold' WHERE id = ${id}`.execute(t.db),
    price_cents: (id) =>
      sql`UPDATE items SET price_cents = price_cents + 1 WHERE id = ${id}`.execute(t.db),
    price_source: (id) =>
      sql`UPDATE items SET price_source = CASE price_source WHEN 'manual' THEN 'model' ELSE 'manual' END
          WHERE id = ${id}`.execute(t.db),
    created_at: (id) =>
      sql`UPDATE items SET created_at = created_at - interval '1 day' WHERE id = ${id}`.execute(
        t.db,
      ),
    published_at: (id) =>
      sql`UPDATE items SET published_at = now() - interval '1 hour' WHERE id = ${id}`.execute(t.db),
    sold_at: (id) => sql`UPDATE items SET sold_at = now() WHERE id = ${id}`.execute(t.db),
    category_id: (id) =>
      sql`UPDATE items SET category_id = ${categoryId} WHERE id = ${id}`.execute(t.db),
    category_path: (id) =>
      sql`UPDATE items SET category_path = category_path || 0 WHERE id = ${id}`.execute(t.db),
    tag_ids: (id) => sql`UPDATE items SET tag_ids = tag_ids || 0 WHERE id = ${id}`.execute(t.db),
    condition: (id) =>
      sql`UPDATE items SET condition = CASE condition WHEN 'good' THEN 'fair' ELSE 'good' END
          WHERE id = ${id}`.execute(t.db),
    condition_note: (id) =>
      sql`UPDATE items SET condition_note = 'a chip on one leg' WHERE id = ${id}`.execute(t.db),
    weight_grams: (id) =>
      sql`UPDATE items SET weight_grams = coalesce(weight_grams, 0) + 100 WHERE id = ${id}`.execute(
        t.db,
      ),
    width_mm: (id) => sql`UPDATE items SET width_mm = 400 WHERE id = ${id}`.execute(t.db),
    height_mm: (id) => sql`UPDATE items SET height_mm = 450 WHERE id = ${id}`.execute(t.db),
    depth_mm: (id) => sql`UPDATE items SET depth_mm = 380 WHERE id = ${id}`.execute(t.db),
  };
  // Not changed alone: the key, and a generated column (its source's change is above).
  const NOT_ALONE = new Set(['id', 'search_vector']);

  it('has a change for every mapped column', () => {
    expect(Object.keys(ITEM_COLUMNS).filter((c) => !NOT_ALONE.has(c) && !CHANGES[c])).toEqual([]);
  });

  for (const [column, dims] of Object.entries(ITEM_COLUMNS)) {
    if (NOT_ALONE.has(column)) continue;
    it(`${column}: ${dims.length ? dims.join(', ') : 'its item only'}`, async () => {
      const { id } = await makeItem(t.db, { status: 'available' });
      const before = Number(
        (await sql<{ v: string }>`SELECT max(version) AS v FROM catalogue_changes`.execute(t.db))
          .rows[0]!.v,
      );
      await CHANGES[column]!(id);
      const expected = `${[...dims].sort().join(',')}:${id}`;
      const until = Date.now() + 5_000;
      const mine = () =>
        heard
          .filter((payload) => Number(payload.split(':')[1]) > before)
          .map((payload) => payload.split(':').slice(2).join(':'));
      while (mine().length === 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(mine()).toEqual([expected]);
    });
  }
});

describe('the dimensions the trigger announces', () => {
  it('are exactly the ones the storefront knows, and every mapped column names only those', () => {
    expect([...DIMENSIONS].sort()).toEqual([...STOREFRONT_DIMENSIONS].sort());
    for (const dims of Object.values(ITEM_COLUMNS))
      for (const dim of dims) expect(STOREFRONT_DIMENSIONS).toContain(dim);
  });
});
