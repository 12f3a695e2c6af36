import { sql, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import type { Database, ItemStatus } from '../../db/schema.js';
import { seededRandom } from '../../db/seed/random.js';
import { type CatalogueMirror, catalogueMirror } from './catalogue-mirror.js';
import { type CatalogueVersion, catalogueVersion } from './catalogue-version.js';
import { type ItemFilters, parseItemFilters } from './item-filters.js';
import { type ItemKey, itemsRepository } from './items.repository.js';

// The in-memory index must answer every public list exactly as the SQL does
// (spec 4.2: subtree, tags ANDed, price bounds, pending never listed, search,
// every sort and cursor), on both back ends, before and after writes of every
// kind the catalogue sees. Random catalogues and filters, from a fixed seed.

/** The seed's generator (mulberry32): a failure names the case that made it. */
function random(seed: number) {
  const { next, pick } = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { int, chance: (p: number) => next() < p, pick };
}

const WORDS = [
  'teak',
  'table',
  'lamp',
  'oak',
  'chair',
  'brass',
  'linen',
  'lantern',
  'tall',
  'mirror',
  // Word forms, accents and a stop word: the shop's configuration stems and unaccents
  // them (migration 0026), and memory must agree with SQL on every one.
  'chairs',
  'tables',
  'lamps',
  'café',
  'cafe',
  'Stühle',
  'running',
  'the',
];
// Null (never said) as often as any condition: it matches no condition filter.
const CONDITIONS = [null, 'new', 'like_new', 'good', 'fair', 'for_parts'] as const;
const STATUSES: ItemStatus[] = ['available', 'reserved', 'sold', 'pending'];
// Few prices and instants, so ties in every sort order are common (the id breaks them).
const PRICES = [500, 1_200, 1_200, 4_000, 9_900, 25_000];
const INSTANTS = [0, 1, 2, 3].map((day) => new Date(Date.UTC(2026, 0, 1 + day, 12)));

type Rng = ReturnType<typeof random>;

describe('the storefront index in memory', () => {
  let t: TestApp;
  let version: CatalogueVersion;
  let mirror: CatalogueMirror;
  const items = () => itemsRepository(t.db);
  const categories: number[] = [];
  const tags: Array<{ id: number; slug: string }> = [];
  const rng = random(19);

  /** Sets columns of one item, as an admin edit or a cart write would. */
  const setItem = (id: number, values: Updateable<Database['items']>) =>
    t.db.updateTable('items').set(values).where('id', '=', id).execute();

  const title = (r: Rng) => `${r.pick(WORDS)} ${r.pick(WORDS)}`;

  async function seed(count: number) {
    for (let root = 0; root < 3; root++) {
      const parent = await makeCategory(t.db);
      categories.push(parent.id);
      for (let child = 0; child < 2; child++) {
        const mid = await makeCategory(t.db, { parentId: parent.id });
        categories.push(mid.id, (await makeCategory(t.db, { parentId: mid.id })).id);
      }
    }
    for (let i = 0; i < 5; i++) tags.push(await makeTag(t.db));
    for (let i = 0; i < count; i++) await newItem();
    // Instants a microsecond and a millisecond apart as well: the index compares a
    // timestamp's milliseconds, then its microseconds, then the id.
    await sql`UPDATE items SET
        created_at = created_at + (id % 3) * interval '1 microsecond' + ((id / 3) % 2) * interval '1 millisecond',
        published_at = published_at + (id % 2) * interval '1 microsecond'`.execute(t.db);
  }

  async function newItem() {
    const status = rng.pick(STATUSES);
    const item = await makeItem(t.db, {
      title: title(rng),
      description: rng.chance(0.5) ? `${rng.pick(WORDS)}s and more` : '',
      status,
      priceCents: rng.pick(PRICES),
      categoryId: rng.chance(0.8) ? rng.pick(categories) : null,
      // Most items carry most tags: the long lists keep bitsets (from 256 members on).
      tagIds: tags.filter(() => rng.chance(0.6)).map((tag) => tag.id),
      createdAt: rng.pick(INSTANTS),
      publishedAt: status === 'pending' ? null : rng.chance(0.3) ? null : rng.pick(INSTANTS),
    });
    const condition = rng.pick(CONDITIONS);
    if (condition) await setItem(item.id, { condition });
    return item;
  }

  /** A public query a customer could send, parsed as the route parses it. */
  function randomFilters(): ItemFilters {
    const query: Record<string, unknown> = {};
    if (rng.chance(0.3)) query.category = rng.chance(0.9) ? rng.pick(categories) : 999_999;
    if (rng.chance(0.3)) {
      const slugs = tags.filter(() => rng.chance(0.3)).map((tag) => tag.slug);
      if (rng.chance(0.1)) slugs.push('no-such-tag');
      if (slugs.length > 0) query.tags = slugs.join(',');
    }
    if (rng.chance(0.3)) query.min_price = rng.pick(PRICES);
    if (rng.chance(0.3))
      query.max_price = ((query.min_price as number | undefined) ?? 0) + rng.pick(PRICES);
    if (rng.chance(0.15)) query.status = rng.pick(['available', 'reserved', 'sold']);
    if (rng.chance(0.25)) {
      const some = CONDITIONS.slice(1).filter(() => rng.chance(0.4));
      if (some.length > 0) query.condition = some.join(',');
    }
    if (rng.chance(0.3)) {
      const word = rng.pick(WORDS);
      query.q = rng.chance(0.5)
        ? word.slice(0, 1 + rng.int(word.length))
        : `${word} ${rng.pick(WORDS).slice(0, 2)}`;
    }
    query.sort = rng.pick(['newest', 'price_asc', 'price_desc']);
    query.limit = 1 + rng.int(7);
    return parseItemFilters(query as never, 'public');
  }

  const cursorAfter = (filters: ItemFilters, last: ItemKey): ItemFilters => ({
    ...filters,
    cursor:
      filters.sort === 'newest'
        ? { sort: 'newest', key: last.listed_at, id: last.id }
        : { sort: filters.sort, key: last.price_cents, id: last.id },
  });

  /** Waits until the index has applied every committed change, and returns that view. */
  async function caughtUp() {
    const { rows } = await sql<{
      v: string | null;
    }>`SELECT max(version) AS v FROM catalogue_changes`.execute(t.db);
    const latest = Number(rows[0]!.v ?? 0);
    const probe = parseItemFilters({}, 'public');
    for (let tries = 0; tries < 500; tries++) {
      const view = await version.view();
      if (view.version >= latest && (await mirror.keys(probe, view)) !== undefined) return view;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the index did not catch up');
  }

  /** Every page of `count` random filters, from memory and from SQL, must be the same. */
  async function compare(count: number) {
    const view = await caughtUp();
    let compared = 0;
    for (let n = 0; n < count; n++) {
      let filters = randomFilters();
      for (let page = 0; page < 4; page++) {
        const expected = await items().listKeys(filters);
        const actual = await mirror.keys(filters, view);
        expect(actual, JSON.stringify(filters)).toEqual(expected);
        compared += expected.length;
        if (expected.length <= filters.limit) break;
        filters = cursorAfter(filters, expected[filters.limit - 1]!);
      }
    }
    // The filters found items: the comparison was not of empty pages.
    expect(compared).toBeGreaterThan(count);
    // /api/filters' tag counts and price bounds, as kept by the triggers (0023).
    const index = await mirror.facets(view);
    const counts = await items().tagCounts();
    expect(counts.map((tag) => [tag.id, index?.tagCount(tag.id)])).toEqual(
      counts.map((tag) => [tag.id, Number(tag.count)]),
    );
    const bounds = await items().priceBounds();
    expect(index?.priceBounds()).toEqual({ min: bounds.min, max: bounds.max });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    await seed(700);
    version = catalogueVersion(() => items().catalogueVersion(), t.database.notifications, t.clock);
    mirror = catalogueMirror(items(), version, t.database.notifications, t.app.log);
  });
  afterAll(async () => {
    await mirror?.close();
    version?.close();
    await t.close();
  });

  it('is read a page at a time, each visible item once, with how many there are', async () => {
    const pages: number[][] = [];
    const totals = new Set<number>();
    await items().indexSnapshot(async (rows, total) => {
      pages.push(rows.map((row) => row.id));
      totals.add(total);
    }, 64);
    const visible = await t.db
      .selectFrom('items')
      .select('id')
      .where('status', '<>', 'pending')
      .orderBy('id')
      .execute();
    expect(pages.flat()).toEqual(visible.map((row) => row.id));
    expect(pages.length).toBe(Math.ceil(visible.length / 64));
    expect([...totals]).toEqual([visible.length]);
  });

  it('answers random filters, sorts and cursors as the SQL does', async () => {
    await compare(150);
  });

  /** Every kind of write the catalogue sees, each to a random item. */
  const writes: Array<(id: number) => Promise<unknown>> = [
    (id) => setItem(id, { price_cents: rng.pick(PRICES) }),
    (id) => setItem(id, { status: 'pending', published_at: null }),
    (id) =>
      setItem(id, {
        status: rng.pick(['available', 'reserved', 'sold'] as const),
        published_at: rng.pick(INSTANTS),
      }),
    (id) => setItem(id, { title: title(rng) }),
    async (id) => {
      const tag = rng.pick(tags);
      await sql`DELETE FROM item_tags WHERE item_id = ${id} AND tag_id = ${tag.id}`.execute(t.db);
      await sql`INSERT INTO item_tags (item_id, tag_id) VALUES (${id}, ${rng.pick(tags).id})
                ON CONFLICT DO NOTHING`.execute(t.db);
    },
    (id) => setItem(id, { category_id: rng.pick(categories) }),
    (id) => setItem(id, { condition: rng.pick(CONDITIONS) }),
    () => newItem(),
    (id) => t.db.deleteFrom('items').where('id', '=', id).execute(),
  ];

  it('follows every kind of write and answers as the SQL does after them', async () => {
    for (let round = 0; round < 4; round++) {
      const ids = (await t.db.selectFrom('items').select('id').execute()).map((row) => row.id);
      for (let write = 0; write < 12; write++) await rng.pick(writes)(rng.pick(ids));
      if (round === 1) {
        // A new tag (announced as `tags`, no item) and links to it: found by its slug.
        const tag = await makeTag(t.db);
        tags.push(tag);
        await sql`INSERT INTO item_tags (item_id, tag_id) SELECT id, ${tag.id} FROM items WHERE id % 3 = 0`.execute(
          t.db,
        );
      }
      if (round === 2) {
        // A category moved under another: every item beneath it changes its path (`*`).
        await t.db
          .updateTable('categories')
          .set({ parent_id: categories[0]! })
          .where('id', '=', categories[4]!)
          .execute();
      }
      await compare(60);
    }
  });

  it('never lists an item once the view includes the commit that made it pending', async () => {
    // A second index whose reads of changed items wait at a gate: the window between
    // hearing a commit and applying it, held open.
    let open!: () => void;
    let gated = false;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const source = items();
    const held = catalogueMirror(
      {
        ...source,
        indexRows: async (ids) => {
          if (gated) await gate;
          return source.indexRows(ids);
        },
      },
      version,
      t.database.notifications,
      t.app.log,
    );
    try {
      const item = await makeItem(t.db, {
        title: 'Momentary lamp',
        createdAt: new Date(Date.UTC(2027, 0, 1)),
      });
      const newest = parseItemFilters({ limit: 1 } as never, 'public');
      let view = await caughtUp();
      for (let tries = 0; (await held.keys(newest, view)) === undefined && tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The page of one, and one more: there is a next page.
      expect((await held.keys(newest, view))?.[0]?.id).toBe(item.id);

      gated = true;
      await setItem(item.id, { status: 'pending', published_at: null });
      view = await caughtUp();
      // The view includes the write; the index has not read the item again: SQL answers.
      expect(await held.keys(newest, view)).toBeUndefined();
      expect((await items().listKeys(newest)).map((key) => key.id)).not.toContain(item.id);
      open();
      for (let tries = 0; (await held.keys(newest, view)) === undefined && tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await held.keys(newest, view))?.map((key) => key.id)).not.toContain(item.id);
    } finally {
      open();
      await held.close();
    }
  });

  it('leaves admin lists (pending included) and searches it cannot parse to SQL', async () => {
    const view = await caughtUp();
    expect(
      await mirror.keys(parseItemFilters({ status: 'pending' } as never, 'admin'), view),
    ).toBeUndefined();
    // An older or newer life of memory than the index's is never answered from it.
    expect(
      await mirror.keys(parseItemFilters({}, 'public'), { ...view, life: view.life + 1 }),
    ).toBeUndefined();
    expect(
      await mirror.keys(parseItemFilters({}, 'public'), { ...view, version: view.version + 1 }),
    ).toBeUndefined();
  });
});
