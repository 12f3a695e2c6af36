import { sql } from 'kysely';
import { slugify } from '../../modules/catalogue/slugs.js';
import type { Db } from '../database.js';
import { batchPlanner, insertBatch } from './batch.js';
import { lookRotation, looksOf } from './looks.js';
import type { PhotoSource, SeedPhoto } from './photos/photo-pool.js';
import { seededRandom } from './random.js';
import { tagVocabulary } from './tags.js';
import { categoryTree, leavesOf, type TreeNode } from './taxonomy/index.js';

export interface CatalogueShape {
  items: number;
  /**
   * Children per category at each level, taken from the taxonomy: departments,
   * categories (Furniture › Chairs), kinds (› Dining chairs), eras (› Mid-century).
   * Items go into the leaves.
   */
  categoryFanout: number[];
  tags: number;
  tagsPerItem: [number, number];
  imagesPerItem: [number, number];
  /**
   * The looks of each kind of object (a form in a material), by how many photos are
   * taken of each: more looks, fewer items sharing a photo; an item shows at most
   * its look's photos.
   */
  photosPerLook: number[];
  /**
   * 'full': a paragraph that names every tag of the item. 'brief': its first sentence
   * only (benchmarks: text search and responses cost what they did with the old seed).
   */
  descriptions: 'full' | 'brief';
  /** Shares of each status; the rest are available. */
  pendingShare: number;
  reservedShare: number;
  soldShare: number;
  /** Seeded holds end within this many minutes from now, as real ones do (CART_HOLD_MINUTES). */
  holdMinutes: number;
  /** At most this many sales go through orders (the newest ones); the rest were marked sold by the owner. */
  orders: number;
  currency: string;
  /** Days a transfer order may wait for its payment (ORDER_PAYMENT_DAYS). */
  paymentDays: number;
  seed: number;
}

/** `npm run seed`: a shop a visitor would believe, in one command. */
export const DEFAULT_SHAPE: Omit<
  CatalogueShape,
  'items' | 'holdMinutes' | 'currency' | 'paymentDays'
> = {
  categoryFanout: [6, 6], // every department and its categories: Furniture › Chairs
  tags: 40,
  tagsPerItem: [1, 5],
  imagesPerItem: [1, 2],
  // The first look whole and closer, two more whole: 272 photos for the 68 kinds.
  photosPerLook: [2, 1, 1],
  descriptions: 'full',
  pendingShare: 0.05,
  reservedShare: 0.03,
  soldShare: 0.15,
  orders: 24,
  seed: 1,
};

const BATCH = 5_000;

/** The tree's categories, parents first; each leaf's id. */
async function seedCategories(
  db: Db,
  tree: readonly TreeNode[],
  prefix: string,
): Promise<Map<TreeNode, number>> {
  const ids = new Map<TreeNode, number>();
  let level = tree.map((node, position) => ({ node, parent: null as number | null, position }));
  while (level.length > 0) {
    const rows = level.map(({ node, parent, position }) => ({
      name: node.name,
      slug: `${prefix}${slugify(node.slugPath.join(' '))}`,
      parent_id: parent,
      position,
    }));
    const inserted = await db.insertInto('categories').values(rows).returning('id').execute();
    for (const [i, { node }] of level.entries()) ids.set(node, inserted[i]!.id);
    level = level.flatMap(({ node }) =>
      node.children.map((child, position) => ({ node: child, parent: ids.get(node)!, position })),
    );
  }
  return ids;
}

async function seedTags(db: Db, count: number, prefix: string): Promise<Map<string, number>> {
  const names = tagVocabulary().slice(0, count);
  const rows = names.map((name) => ({ name, slug: `${prefix}${slugify(name)}` }));
  const inserted = await db.insertInto('tags').values(rows).returning('id').execute();
  return new Map(names.map((name, i) => [name, inserted[i]!.id]));
}

export interface SeedResult {
  categories: number;
  tags: number;
  items: number;
  images: number;
  itemTags: number;
  customers: number;
  orders: number;
}

/**
 * Fills the catalogue with a deterministic shop: a category tree from the
 * taxonomy, tags, items whose titles, descriptions, tags, prices and photos agree
 * with each other and with their category, a mix of statuses, holds by real
 * (seeded) customers ending within the hold window, and the newest sales as
 * orders. Rows go in as bulk INSERT … SELECT FROM unnest(arrays), a few thousand
 * per statement; photos are made once per look, before any row.
 */
export async function seedCatalogue(
  db: Db,
  shape: CatalogueShape,
  photos: PhotoSource,
  onProgress: (done: number, total: number) => void = () => {},
  now: Date = new Date(),
  /** Runs the closing VACUUM ANALYZE: the CLI's has no statement timeout (at a million items it takes longer than a request may). */
  maintenance: Db = db,
): Promise<SeedResult> {
  const random = seededRandom(shape.seed);
  // A prefix keeps slugs and addresses unique when seeding into a shop that has some.
  const prefix = (await db.selectFrom('tags').select('id').limit(1).executeTakeFirst())
    ? `s${shape.seed}-${now.getTime()}-`
    : '';
  const tree = categoryTree(shape.categoryFanout);
  const leaves = leavesOf(tree);
  const looks = looksOf(
    [...new Set(leaves.flatMap((leaf) => leaf.kinds))],
    shape.photosPerLook,
    random,
  );
  const allLooks = [...looks.values()].flat();
  const nextLook = lookRotation(looks);
  const photosOfLook: SeedPhoto[][] = await photos(allLooks);
  const categoryIds = await seedCategories(db, tree, prefix);
  const tagIds = await seedTags(db, shape.tags, prefix);
  const counts = { images: 0, itemTags: 0, customers: 0, orders: 0 };

  const batches = batchPlanner(random, shape, {
    leaves,
    nextLook,
    categoryIds,
    tagIds,
    prefix,
    now,
  });
  for (let start = 0; start < shape.items; start += BATCH) {
    const size = Math.min(BATCH, shape.items - start);
    const batch = batches.plan(size);
    const written = await db.transaction().execute((trx) =>
      insertBatch(trx, batch, photosOfLook, random, {
        now,
        currency: shape.currency,
        paymentDays: shape.paymentDays,
      }),
    );
    counts.images += written.images;
    counts.itemTags += written.itemTags;
    counts.customers += batch.customers.length;
    counts.orders += batch.sales.length;
    onProgress(start + size, shape.items);
  }

  // Fresh statistics, so the planner knows the tables' real sizes at once, and a
  // visibility map, so index-only scans (item_tags by tag) need not visit the heap.
  await sql`VACUUM ANALYZE`.execute(maintenance);
  return { categories: categoryIds.size, tags: tagIds.size, items: shape.items, ...counts };
}
