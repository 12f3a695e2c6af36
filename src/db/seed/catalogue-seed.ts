import { sql } from 'kysely';
import { slugify } from '../../modules/catalogue/slugs.js';
import type { Db } from '../database.js';
import { planItem } from './item-plan.js';
import { type ItemLook, lookRotation, looksOf } from './looks.js';
import { recordSales, type SeededSale } from './orders.js';
import { insertCustomers, type Person, person } from './people.js';
import type { PhotoSource, SeedPhoto } from './photos/photo-pool.js';
import { type SeededRandom, seededRandom } from './random.js';
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
  /** Photographed looks per kind of object: more looks, fewer items sharing a photo. */
  looksPerKind: number;
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
  looksPerKind: 3,
  pendingShare: 0.05,
  reservedShare: 0.03,
  soldShare: 0.15,
  orders: 24,
  seed: 1,
};

const BATCH = 5_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type Status = 'pending' | 'available' | 'reserved' | 'sold';

function status(random: SeededRandom, shape: CatalogueShape): Status {
  const roll = random.next();
  if (roll < shape.pendingShare) return 'pending';
  if (roll < shape.pendingShare + shape.reservedShare) return 'reserved';
  if (roll < shape.pendingShare + shape.reservedShare + shape.soldShare) return 'sold';
  return 'available';
}

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

/** Column arrays for one batch of items, filled by array pushes only. */
function emptyBatch() {
  return {
    title: [] as string[],
    description: [] as string[],
    status: [] as string[],
    price: [] as number[],
    category: [] as number[],
    created: [] as string[],
    published: [] as Array<string | null>,
    sold: [] as Array<string | null>,
    holder: [] as Array<number | null>,
    until: [] as Array<string | null>,
    extras: [] as Array<{ look: ItemLook; images: number; tags: number[] }>,
  };
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
    shape.looksPerKind,
    random,
  );
  const allLooks = [...looks.values()].flat();
  const nextLook = lookRotation(looks);
  const photosOfLook: SeedPhoto[][] = await photos(allLooks, shape.imagesPerItem[1]);
  const categoryIds = await seedCategories(db, tree, prefix);
  const tagIds = await seedTags(db, shape.tags, prefix);
  let people = 0;
  const counts = { images: 0, itemTags: 0, customers: 0, orders: 0 };

  for (let start = 0; start < shape.items; start += BATCH) {
    const size = Math.min(BATCH, shape.items - start);
    const cols = emptyBatch();
    const customers: Person[] = [];
    // Holders' carts: a few items each, one deadline per cart (the cart's one deadline).
    let cart = { customer: -1, left: 0, until: '' };
    const sales: Array<{ row: number; customer: number; soldAt: Date }> = [];
    for (let i = 0; i < size; i++) {
      const leaf = random.pick(leaves);
      const item = planItem(random, leaf, nextLook);
      const itemStatus = status(random, shape);
      const created = now.getTime() - random.int(2, 730) * DAY_MS - random.int(0, DAY_MS - 1);
      const lastHour = now.getTime() - HOUR_MS;
      const published =
        itemStatus === 'pending' ? null : Math.min(lastHour, created + random.int(1, 72) * HOUR_MS);
      let sold: number | null = null;
      let holder: number | null = null;
      let until: string | null = null;
      if (itemStatus === 'sold') {
        // The first sales of the run go through orders, and happened this fortnight.
        const viaOrder = counts.orders + sales.length < shape.orders;
        const from = viaOrder ? Math.max(published!, now.getTime() - 14 * DAY_MS) : published!;
        sold = from + random.next() * (lastHour - from);
        if (viaOrder) {
          customers.push(person(random, people++, prefix, now));
          sales.push({ row: i, customer: customers.length - 1, soldAt: new Date(sold) });
        }
      } else if (itemStatus === 'reserved') {
        if (cart.left === 0) {
          customers.push(person(random, people++, prefix, now));
          // Somewhere in the hold window: the sweeper frees it when it ends, as it does a real hold.
          const ends = now.getTime() + (0.1 + 0.9 * random.next()) * shape.holdMinutes * MINUTE_MS;
          cart = {
            customer: customers.length - 1,
            left: random.int(1, 3),
            until: new Date(ends).toISOString(),
          };
        }
        cart.left -= 1;
        holder = cart.customer;
        until = cart.until;
      }
      cols.title.push(item.title);
      cols.description.push(item.description);
      cols.status.push(itemStatus);
      cols.price.push(item.priceCents);
      cols.category.push(categoryIds.get(leaf)!);
      cols.created.push(new Date(created).toISOString());
      cols.published.push(published === null ? null : new Date(published).toISOString());
      cols.sold.push(sold === null ? null : new Date(sold).toISOString());
      cols.holder.push(holder);
      cols.until.push(until);
      const tags: number[] = [];
      const wanted = random.int(shape.tagsPerItem[0], shape.tagsPerItem[1]);
      for (const name of item.tags) {
        const id = tagIds.get(name);
        if (id !== undefined && tags.length < wanted && !tags.includes(id)) tags.push(id);
      }
      cols.extras.push({
        look: item.look,
        images: random.int(shape.imagesPerItem[0], shape.imagesPerItem[1]),
        tags,
      });
    }

    await db.transaction().execute(async (trx) => {
      const customerIds = await insertCustomers(trx, customers);
      const buyers = cols.holder.map((slot) => (slot === null ? null : customerIds[slot]!));
      const soldTo: Array<number | null> = cols.status.map(() => null);
      for (const sale of sales) soldTo[sale.row] = customerIds[sale.customer]!;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO items (title, description, status, price_cents, price_source, category_id, created_at,
                           published_at, sold_at, reserved_by, reserved_until, held_price_cents, sold_to)
        SELECT t, d, s, p, 'manual', c, cr, pu, so, rb, ru, CASE WHEN rb IS NULL THEN NULL ELSE p END, st
        FROM unnest(${cols.title}::text[], ${cols.description}::text[], ${cols.status}::text[], ${cols.price}::int[],
                    ${cols.category}::int[], ${cols.created}::timestamptz[], ${cols.published}::timestamptz[],
                    ${cols.sold}::timestamptz[], ${buyers}::int[], ${cols.until}::timestamptz[], ${soldTo}::int[])
             AS x(t, d, s, p, c, cr, pu, so, rb, ru, st)
        RETURNING id`.execute(trx);

      const imageRows = {
        item: [] as number[],
        path: [] as string[],
        position: [] as number[],
        variants: [] as string[],
      };
      const tagRows = { item: [] as number[], tag: [] as number[] };
      rows.forEach((row, i) => {
        const extra = cols.extras[i]!;
        const shots = photosOfLook[extra.look.id]!;
        for (let position = 0; position < extra.images; position++) {
          const photo = shots[position]!;
          imageRows.item.push(row.id);
          imageRows.path.push(photo.path);
          imageRows.position.push(position);
          imageRows.variants.push(variantsJson(photo));
        }
        for (const tag of extra.tags) {
          tagRows.item.push(row.id);
          tagRows.tag.push(tag);
        }
      });
      await sql`
        INSERT INTO item_images (item_id, path, width, height, position, variants)
        SELECT i, p, ${photosOfLook[0]?.[0]?.width ?? 1}, ${photosOfLook[0]?.[0]?.height ?? 1}, pos, v::jsonb
        FROM unnest(${imageRows.item}::int[], ${imageRows.path}::text[], ${imageRows.position}::int[], ${imageRows.variants}::text[])
             AS x(i, p, pos, v)`.execute(trx);
      await sql`
        INSERT INTO item_tags (item_id, tag_id)
        SELECT i, t FROM unnest(${tagRows.item}::int[], ${tagRows.tag}::int[]) AS x(i, t)`.execute(
        trx,
      );
      // Numbered in the order they were placed, as checkout numbers them.
      sales.sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime());
      await recordSales(
        trx,
        sales.map(
          (sale): SeededSale => ({
            buyerId: customerIds[sale.customer]!,
            buyer: customers[sale.customer]!,
            lines: [{ id: rows[sale.row]!.id, price_cents: cols.price[sale.row]! }],
            soldAt: sale.soldAt,
          }),
        ),
        random,
        { now, currency: shape.currency, paymentDays: shape.paymentDays },
      );
      counts.images += imageRows.item.length;
      counts.itemTags += tagRows.item.length;
      counts.customers += customers.length;
      counts.orders += sales.length;
    });
    onProgress(start + size, shape.items);
  }

  // Fresh statistics, so the planner knows the tables' real sizes at once, and a
  // visibility map, so index-only scans (item_tags by tag) need not visit the heap.
  await sql`VACUUM ANALYZE`.execute(db);
  return { categories: categoryIds.size, tags: tagIds.size, items: shape.items, ...counts };
}

const variantsJsonCache = new WeakMap<SeedPhoto, string>();
/** The photo's variants as the column stores them; one string per photo, shared by its rows. */
function variantsJson(photo: SeedPhoto): string {
  let json = variantsJsonCache.get(photo);
  if (json === undefined) {
    json = JSON.stringify(photo.variants);
    variantsJsonCache.set(photo, json);
  }
  return json;
}
