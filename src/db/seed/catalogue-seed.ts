import { sql } from 'kysely';
import { slugify } from '../../modules/catalogue/slugs.js';
import type { Db } from '../database.js';
import { type SeededRandom, seededRandom } from './random.js';
import { ADJECTIVES, CATEGORY_WORDS, CONDITIONS, MATERIALS, NOUNS } from './words.js';

export interface CatalogueShape {
  items: number;
  /** Children per category at each level: [roots, per root, per child, …]. */
  categoryFanout: number[];
  tags: number;
  tagsPerItem: [number, number];
  imagesPerItem: [number, number];
  /** Shares of each status; the rest are available. */
  pendingShare: number;
  reservedShare: number;
  soldShare: number;
  seed: number;
  /** Paths of the placeholder images the image rows point at. */
  imagePaths: string[];
}

export const DEFAULT_SHAPE: Omit<CatalogueShape, 'items' | 'imagePaths'> = {
  categoryFanout: [6, 4, 3], // three levels, 102 categories
  tags: 40,
  tagsPerItem: [0, 5],
  imagesPerItem: [1, 6],
  pendingShare: 0.1,
  reservedShare: 0.05,
  soldShare: 0.15,
  seed: 1,
};

const BATCH = 5_000;
const DAY_MS = 86_400_000;

async function seedCategories(
  db: Db,
  fanout: number[],
  random: SeededRandom,
  prefix: string,
): Promise<number[]> {
  const all: number[] = [];
  let parents: Array<number | null> = [null];
  for (const [level, perParent] of fanout.entries()) {
    const rows: Array<{ name: string; slug: string; parent_id: number | null; position: number }> =
      [];
    for (const parent of parents) {
      for (let i = 0; i < perParent; i++) {
        const name = `${random.pick(CATEGORY_WORDS)} ${level + 1}.${rows.length + 1}`;
        rows.push({ name, slug: `${prefix}${slugify(name)}`, parent_id: parent, position: i });
      }
    }
    const inserted = await db.insertInto('categories').values(rows).returning('id').execute();
    const ids = inserted.map((row) => row.id);
    all.push(...ids);
    parents = ids;
  }
  return all;
}

async function seedTags(db: Db, count: number, prefix: string): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const word = MATERIALS[i % MATERIALS.length]!;
    const name = i < MATERIALS.length ? word : `${word} ${Math.floor(i / MATERIALS.length) + 1}`;
    return {
      name: name.charAt(0).toUpperCase() + name.slice(1),
      slug: `${prefix}${slugify(name)}`,
    };
  });
  return (await db.insertInto('tags').values(rows).returning('id').execute()).map((row) => row.id);
}

/** Log-uniform between 5 and 500 major units, rounded to 50 cents: many cheap things, few dear ones. */
function price(random: SeededRandom): number {
  const cents = Math.exp(Math.log(500) + random.next() * (Math.log(50_000) - Math.log(500)));
  return Math.round(cents / 50) * 50;
}

function status(
  random: SeededRandom,
  shape: CatalogueShape,
): 'pending' | 'available' | 'reserved' | 'sold' {
  const roll = random.next();
  if (roll < shape.pendingShare) return 'pending';
  if (roll < shape.pendingShare + shape.reservedShare) return 'reserved';
  if (roll < shape.pendingShare + shape.reservedShare + shape.soldShare) return 'sold';
  return 'available';
}

/**
 * Fills the catalogue with a deterministic, realistic shop: a category tree,
 * tags, items with 1–6 images and a mix of statuses. Rows go in as bulk
 * INSERT … SELECT FROM unnest(arrays), a few thousand per statement.
 */
export async function seedCatalogue(
  db: Db,
  shape: CatalogueShape,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ categories: number; tags: number; items: number; images: number; itemTags: number }> {
  const random = seededRandom(shape.seed);
  // A prefix keeps slugs unique when seeding into a catalogue that already has some.
  const prefix = (await db.selectFrom('tags').select('id').limit(1).executeTakeFirst())
    ? `s${shape.seed}-${Date.now()}-`
    : '';
  const categories = await seedCategories(db, shape.categoryFanout, random, prefix);
  const tags = await seedTags(db, shape.tags, prefix);
  const now = Date.UTC(2026, 10, 1);
  let images = 0;
  let itemTags = 0;

  for (let start = 0; start < shape.items; start += BATCH) {
    const size = Math.min(BATCH, shape.items - start);
    const cols = {
      title: [] as string[],
      description: [] as string[],
      status: [] as string[],
      price: [] as number[],
      category: [] as number[],
      created: [] as string[],
      published: [] as Array<string | null>,
      sold: [] as Array<string | null>,
    };
    const extras: Array<{ images: number; tags: number[] }> = [];
    for (let i = 0; i < size; i++) {
      const material = random.pick(MATERIALS);
      const itemStatus = status(random, shape);
      const created = now - random.int(0, 730) * DAY_MS - random.int(0, DAY_MS - 1);
      cols.title.push(`${random.pick(ADJECTIVES)} ${material} ${random.pick(NOUNS)}`);
      cols.description.push(`A one-of-a-kind piece in ${material}. ${random.pick(CONDITIONS)}`);
      cols.status.push(itemStatus);
      cols.price.push(price(random));
      cols.category.push(random.pick(categories));
      cols.created.push(new Date(created).toISOString());
      const published = itemStatus === 'pending' ? null : created + random.int(1, 72) * 3_600_000;
      cols.published.push(published === null ? null : new Date(published).toISOString());
      cols.sold.push(
        itemStatus === 'sold'
          ? new Date(published! + random.int(1, 30) * DAY_MS).toISOString()
          : null,
      );
      extras.push({
        images: random.int(shape.imagesPerItem[0], shape.imagesPerItem[1]),
        tags: random.sample(tags, random.int(shape.tagsPerItem[0], shape.tagsPerItem[1])),
      });
    }

    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO items (title, description, status, price_cents, price_source, category_id, created_at, published_at, sold_at)
        SELECT t, d, s, p, 'manual', c, cr, pu, so
        FROM unnest(${cols.title}::text[], ${cols.description}::text[], ${cols.status}::text[], ${cols.price}::int[],
                    ${cols.category}::int[], ${cols.created}::timestamptz[], ${cols.published}::timestamptz[],
                    ${cols.sold}::timestamptz[]) AS x(t, d, s, p, c, cr, pu, so)
        RETURNING id`.execute(trx);

      const imageRows = { item: [] as number[], path: [] as string[], position: [] as number[] };
      const tagRows = { item: [] as number[], tag: [] as number[] };
      rows.forEach((row, i) => {
        const extra = extras[i]!;
        for (let position = 0; position < extra.images; position++) {
          imageRows.item.push(row.id);
          imageRows.path.push(random.pick(shape.imagePaths));
          imageRows.position.push(position);
        }
        for (const tag of extra.tags) {
          tagRows.item.push(row.id);
          tagRows.tag.push(tag);
        }
      });
      await sql`
        INSERT INTO item_images (item_id, path, width, height, position)
        SELECT i, p, 1600, 1200, pos FROM unnest(${imageRows.item}::int[], ${imageRows.path}::text[], ${imageRows.position}::int[]) AS x(i, p, pos)`.execute(
        trx,
      );
      await sql`
        INSERT INTO item_tags (item_id, tag_id)
        SELECT i, t FROM unnest(${tagRows.item}::int[], ${tagRows.tag}::int[]) AS x(i, t)`.execute(
        trx,
      );
      images += imageRows.item.length;
      itemTags += tagRows.item.length;
    });
    onProgress(start + size, shape.items);
  }

  // Fresh statistics, so the planner knows the tables' real sizes at once, and a
  // visibility map, so index-only scans (item_tags by tag) need not visit the heap.
  await sql`VACUUM ANALYZE`.execute(db);
  return { categories: categories.length, tags: tags.length, items: shape.items, images, itemTags };
}
