import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countItemRewrites } from '../../../test/support/item-rewrites.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { cartRepository } from '../../modules/commerce/cart.repository.js';
import type { Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { type CatalogueShape, DEFAULT_SHAPE, seedCatalogue } from './catalogue-seed.js';
import { mentions } from './item-plan.js';
import type { ItemLook } from './looks.js';
import type { PhotoSource, SeedPhoto } from './photos/photo-pool.js';
import { tagVocabulary } from './tags.js';
import { DEPARTMENTS, type Kind } from './taxonomy/index.js';
import { ERAS } from './vocabulary.js';

const NOW = new Date();
const MINUTE_MS = 60_000;

/** Photos as the pool hands them out, without rendering: one per look and shot, each with its list sizes. */
const photoRows: PhotoSource = async (looks: readonly ItemLook[]) =>
  looks.map((look) =>
    Array.from(
      { length: look.photos },
      (_, n): SeedPhoto => ({
        path: `items/look-${look.id}-${n}.jpg`,
        width: 1040,
        height: 1300,
        variants: [
          { width: 480, height: 600, path: `variants/look-${look.id}-${n}-480.webp` },
          { width: 960, height: 1200, path: `variants/look-${look.id}-${n}-960.webp` },
        ],
      }),
    ),
  );

const demo: CatalogueShape = {
  ...DEFAULT_SHAPE,
  items: 600,
  holdMinutes: 30,
  currency: 'EUR',
  paymentDays: 7,
};
const bench: CatalogueShape = {
  ...demo,
  items: 300,
  categoryFanout: [3, 4, 4, 5],
  tags: 200,
  tagsPerItem: [2, 6],
  imagesPerItem: [2, 4],
  descriptions: 'brief',
  holdMinutes: 24 * 60,
  orders: 0,
  seed: 8,
};

let first: TestDatabase;
let second: TestDatabase;
let third: TestDatabase;
const itemRows = (db: Db) =>
  db.selectFrom('items').select(['title', 'status', 'price_cents']).orderBy('id').execute();
/** The first catalogue as seeded, before the tests below let its holds lapse. */
let seeded: Awaited<ReturnType<typeof itemRows>>;

beforeAll(async () => {
  [first, second, third] = await Promise.all([
    createTestDatabase(),
    createTestDatabase(),
    createTestDatabase(),
  ]);
  for (const db of [first, second, third]) await migrateToLatest(db.handle.db);
  await seedCatalogue(first.handle.db, demo, photoRows, () => {}, NOW);
  seeded = await itemRows(first.handle.db);
});
afterAll(async () => {
  await Promise.all([first, second, third].map((db) => db?.drop()));
});

const KINDS = DEPARTMENTS.flatMap((d) => d.categories.flatMap((c) => c.kinds));
/** The kind a title names: the longest kind noun in it (so "desk lamp" wins over "desk"). */
function kindOfTitle(title: string): Kind | undefined {
  const named = KINDS.filter((kind) => new RegExp(`\\b${kind.noun}s?\\b`, 'i').test(title));
  return named.sort((a, b) => b.noun.length - a.noun.length)[0];
}

/** Each item with its category's names from the root down. */
async function itemsWithPaths(db: Db) {
  const { rows } = await sql<{
    id: number;
    title: string;
    description: string;
    status: string;
    price_cents: number;
    names: string[];
  }>`
    SELECT i.id, i.title, i.description, i.status, i.price_cents,
           ARRAY(SELECT c.name FROM unnest(i.category_path) WITH ORDINALITY AS p(id, n)
                 JOIN categories c ON c.id = p.id ORDER BY p.n) AS names
    FROM items i ORDER BY i.id`.execute(db);
  return rows;
}

describe('npm run seed: a shop a visitor would believe', () => {
  it('files items in the taxonomy’s tree, Furniture › Chairs, every department and its categories', async () => {
    const db = first.handle.db;
    const { rows } = await sql<{ path: string }>`
      SELECT coalesce(p.name || ' › ', '') || c.name AS path
      FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`.execute(db);
    const expected = DEPARTMENTS.flatMap((d) => [
      d.name,
      ...d.categories.map((c) => `${d.name} › ${c.name}`),
    ]);
    expect(rows.map((row) => row.path).sort()).toEqual(expected.sort());
    expect(rows.map((row) => row.path)).toContain('Furniture › Chairs');
    // Every item sits in a leaf.
    const inner = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM items i WHERE EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = i.category_id)`.execute(
      db,
    );
    expect(inner.rows[0]!.n).toBe(0);
  });

  it('gives every item a title naming an object of its category, a plausible round price, and tags its own words', async () => {
    const db = first.handle.db;
    const items = await itemsWithPaths(db);
    expect(items).toHaveLength(600);
    for (const item of items) {
      const kind = kindOfTitle(item.title);
      expect(kind, item.title).toBeDefined();
      const [department, category] = item.names;
      const categoryKinds = DEPARTMENTS.find((d) => d.name === department)?.categories.find(
        (c) => c.name === category,
      )?.kinds;
      expect(categoryKinds, `${item.title} in ${item.names.join(' › ')}`).toContain(kind);
      // Within the kind's range, and rounded as a shop prices: €5 below €100, €10 below €1,000, €50 above.
      const euros = item.price_cents / 100;
      expect(euros, item.title).toBeGreaterThanOrEqual(kind!.price[0]);
      expect(euros, item.title).toBeLessThanOrEqual(kind!.price[1]);
      expect(euros % (euros < 100 ? 5 : euros < 1000 ? 10 : 50), `${item.title}: €${euros}`).toBe(
        0,
      );
    }
    const chairs = items.filter((item) => item.names[1] === 'Chairs');
    expect(Math.min(...chairs.map((item) => item.price_cents))).toBeGreaterThanOrEqual(6_000);

    const tags = await db.selectFrom('tags').select('name').execute();
    expect(tags.map((t) => t.name)).toEqual(tagVocabulary().slice(0, 40));
    const tagged = await db
      .selectFrom('item_tags as it')
      .innerJoin('tags as t', 't.id', 'it.tag_id')
      .innerJoin('items as i', 'i.id', 'it.item_id')
      .select(['i.title', 'i.description', 't.name'])
      .execute();
    expect(tagged.length).toBeGreaterThan(600);
    for (const row of tagged)
      expect(
        mentions(`${row.title} ${row.description}`, row.name),
        `${row.name} on ${row.title}`,
      ).toBe(true);
  });

  it('holds items only for real customers, until a deadline inside the hold window that the sweeper honours', async () => {
    const db = first.handle.db;
    const held = await db
      .selectFrom('items as i')
      .leftJoin('customers as c', 'c.id', 'i.reserved_by')
      .select([
        'i.id',
        'i.price_cents',
        'i.held_price_cents',
        'i.reserved_by',
        'i.reserved_until',
        'c.email',
        'c.password_hash',
      ])
      .where('i.status', '=', 'reserved')
      .execute();
    expect(held.length).toBeGreaterThan(5);
    for (const hold of held) {
      expect(hold.email).toMatch(/@example\.com$/);
      expect(hold.reserved_until!.getTime()).toBeGreaterThan(NOW.getTime());
      expect(hold.reserved_until!.getTime()).toBeLessThanOrEqual(NOW.getTime() + 30 * MINUTE_MS);
      expect(hold.held_price_cents).toBe(hold.price_cents);
    }
    // A cart has one deadline (docs/decisions.md, Commerce).
    const deadlines = new Map<number, Set<number>>();
    for (const hold of held) {
      const set = deadlines.get(hold.reserved_by!) ?? new Set();
      set.add(hold.reserved_until!.getTime());
      deadlines.set(hold.reserved_by!, set);
    }
    for (const set of deadlines.values()) expect(set.size).toBe(1);

    // Once the window has passed, the sweeper frees every one of them.
    const released = await cartRepository(db).releaseExpired(
      new Date(NOW.getTime() + 31 * MINUTE_MS),
    );
    expect(released.sort()).toEqual(held.map((h) => h.id).sort());
    const still = await db
      .selectFrom('items')
      .select('id')
      .where('status', '=', 'reserved')
      .execute();
    expect(still).toEqual([]);
  });

  it('records the newest sales as orders a buyer would recognise, and nobody can sign in as a seeded customer', async () => {
    const db = first.handle.db;
    const sold = await db
      .selectFrom('items')
      .select(['id', 'sold_at', 'published_at', 'sold_to'])
      .where('status', '=', 'sold')
      .execute();
    expect(sold.length).toBeGreaterThan(30);
    for (const item of sold) {
      expect(item.sold_at!.getTime()).toBeLessThan(NOW.getTime());
      expect(item.sold_at!.getTime()).toBeGreaterThan(item.published_at!.getTime());
    }
    const orders = await db.selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(DEFAULT_SHAPE.orders);
    const lines = await db
      .selectFrom('order_lines as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select([
        'l.order_id',
        'l.price_cents',
        'l.title',
        'l.image_path',
        'i.title as item_title',
        'i.status',
        'i.sold_to',
      ])
      .execute();
    for (const order of orders) {
      const mine = lines.filter((line) => line.order_id === order.id);
      expect(mine.length).toBeGreaterThan(0);
      expect(order.total_cents).toBe(mine.reduce((sum, line) => sum + line.price_cents, 0));
      for (const line of mine) {
        expect(line).toMatchObject({
          status: 'sold',
          sold_to: order.customer_id,
          title: line.item_title,
        });
        expect(line.image_path).toMatch(/^items\//);
      }
      if (order.state === 'placed')
        expect(order.payment_due_at!.getTime()).toBeGreaterThan(NOW.getTime());
      if (order.state === 'shipped' || order.state === 'delivered') {
        expect(order.carrier).not.toBeNull();
        expect(order.shipping_address).not.toBeNull();
      }
    }
    expect(new Set(orders.map((o) => o.state)).size).toBeGreaterThan(1);
    const hashes = await db.selectFrom('customers').select('password_hash').distinct().execute();
    expect(hashes.map((row) => row.password_hash)).toEqual([
      expect.not.stringMatching(/^\$argon2/),
    ]);
  });

  it('gives every item the photos of its own look, each with its list sizes', async () => {
    const db = first.handle.db;
    const images = await db
      .selectFrom('item_images')
      .select(['item_id', 'path', 'position', 'variants', 'width'])
      .execute();
    const byItem = new Map<number, typeof images>();
    for (const image of images)
      byItem.set(image.item_id, [...(byItem.get(image.item_id) ?? []), image]);
    expect(byItem.size).toBe(600);
    for (const photos of byItem.values()) {
      const look = photos[0]!.path.match(/look-(\d+)-0/)?.[1];
      photos.sort((a, b) => a.position - b.position);
      photos.forEach((photo, n) => {
        expect(photo.path).toBe(`items/look-${look}-${n}.jpg`);
        expect(photo.variants.map((v) => v.width)).toEqual([480, 960]);
        expect(photo.variants[0]!.path).toBe(`variants/look-${look}-${n}-480.webp`);
      });
    }
  });

  it('gives the same catalogue for the same seed', async () => {
    await seedCatalogue(second.handle.db, demo, photoRows, () => {}, NOW);
    expect(await itemRows(second.handle.db)).toEqual(seeded);
  });

  it('keeps the bench’s shape: 303 categories four deep with eras last, 200 tags, 2–6 tags an item, each item written once', async () => {
    const db = third.handle.db;
    // Every rewrite of an item counted: each is a new row version in all of its
    // indexes, which at a million items was a third of the seed's time (0100).
    const rewrites = await countItemRewrites(db);
    const result = await seedCatalogue(db, bench, photoRows, () => {}, NOW);
    expect(await rewrites.rewritten()).toEqual([]);
    // Written once, each item's tag_ids are still its links, sorted.
    const unlike = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM items i
      WHERE i.tag_ids IS DISTINCT FROM coalesce(
        (SELECT array_agg(it.tag_id ORDER BY it.tag_id) FROM item_tags it WHERE it.item_id = i.id), '{}')`.execute(
      db,
    );
    expect(unlike.rows[0]!.n).toBe(0);
    expect(result).toMatchObject({
      categories: 3 + 12 + 48 + 240,
      tags: 200,
      items: 300,
      orders: 0,
    });
    for (const item of await itemsWithPaths(db)) {
      expect(item.names).toHaveLength(4);
      const [department, category, kindName, era] = item.names;
      const kind = kindOfTitle(item.title)!;
      expect(kind.category, item.title).toBe(kindName);
      expect(
        DEPARTMENTS.find((d) => d.name === department)?.categories.find((c) => c.name === category)
          ?.kinds,
      ).toContain(kind);
      expect(ERAS).toContain(era);
      // One sentence, as short as the old seed's descriptions.
      expect(item.description).toMatch(/^[^.]+\.$/);
      expect(item.description.length).toBeLessThan(140);
    }
    const perItem = await sql<{ min: number; max: number }>`
      SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM item_tags GROUP BY item_id) x`.execute(
      db,
    );
    expect(perItem.rows[0]!.min).toBeGreaterThanOrEqual(2);
    expect(perItem.rows[0]!.max).toBeLessThanOrEqual(6);
  });
});
