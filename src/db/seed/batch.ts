import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { CatalogueShape } from './catalogue-seed.js';
import { planItem } from './item-plan.js';
import type { ItemLook } from './looks.js';
import { recordSales } from './orders.js';
import { insertCustomers, type Person, person } from './people.js';
import type { SeedPhoto } from './photos/photo-pool.js';
import type { SeededRandom } from './random.js';
import type { Kind, TreeNode } from './taxonomy/index.js';

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

/** One batch of items as column arrays (filled by array pushes only), with the people it needs. */
export interface ItemBatch {
  title: string[];
  description: string[];
  status: Status[];
  price: number[];
  category: number[];
  created: string[];
  published: Array<string | null>;
  sold: Array<string | null>;
  /** Index into `customers` of the item's holder. */
  holder: Array<number | null>;
  until: Array<string | null>;
  extras: Array<{ look: ItemLook; images: number; tags: number[] }>;
  customers: Person[];
  /** Sales through orders: the row sold, the buyer (index into `customers`), when. */
  sales: Array<{ row: number; customer: number; soldAt: Date }>;
}

interface PlanContext {
  leaves: readonly TreeNode[];
  nextLook: (kind: Kind) => ItemLook;
  categoryIds: ReadonlyMap<TreeNode, number>;
  tagIds: ReadonlyMap<string, number>;
  /** Keeps seeded addresses unique when seeding into a shop that has some. */
  prefix: string;
  now: Date;
}

/** Plans batch after batch from one random sequence; the first `shape.orders` sales become orders. */
export function batchPlanner(random: SeededRandom, shape: CatalogueShape, context: PlanContext) {
  const { leaves, nextLook, categoryIds, tagIds, prefix, now } = context;
  const lastHour = now.getTime() - HOUR_MS;
  let people = 0;
  let orders = 0;
  return {
    plan(size: number): ItemBatch {
      const batch: ItemBatch = {
        title: [],
        description: [],
        status: [],
        price: [],
        category: [],
        created: [],
        published: [],
        sold: [],
        holder: [],
        until: [],
        extras: [],
        customers: [],
        sales: [],
      };
      const newCustomer = () => batch.customers.push(person(random, people++, prefix, now)) - 1;
      // Holders' carts: a few items each, one deadline per cart (the cart's one deadline).
      let cart = { customer: -1, left: 0, until: '' };
      for (let i = 0; i < size; i++) {
        const leaf = random.pick(leaves);
        const item = planItem(random, leaf, nextLook, shape.descriptions === 'brief');
        const itemStatus = status(random, shape);
        const created = now.getTime() - random.int(2, 730) * DAY_MS - random.int(0, DAY_MS - 1);
        const published =
          itemStatus === 'pending'
            ? null
            : Math.min(lastHour, created + random.int(1, 72) * HOUR_MS);
        let sold: number | null = null;
        let holder: number | null = null;
        let until: string | null = null;
        if (itemStatus === 'sold') {
          // The first sales of the run go through orders, and happened this fortnight.
          const viaOrder = orders < shape.orders;
          const from = viaOrder ? Math.max(published!, now.getTime() - 14 * DAY_MS) : published!;
          sold = from + random.next() * (lastHour - from);
          if (viaOrder) {
            orders++;
            batch.sales.push({ row: i, customer: newCustomer(), soldAt: new Date(sold) });
          }
        } else if (itemStatus === 'reserved') {
          if (cart.left === 0) {
            // Somewhere in the hold window: the sweeper frees it when it ends, as it does a real hold.
            const ends =
              now.getTime() + (0.1 + 0.9 * random.next()) * shape.holdMinutes * MINUTE_MS;
            cart = {
              customer: newCustomer(),
              left: random.int(1, 3),
              until: new Date(ends).toISOString(),
            };
          }
          cart.left -= 1;
          holder = cart.customer;
          until = cart.until;
        }
        batch.title.push(item.title);
        batch.description.push(item.description);
        batch.status.push(itemStatus);
        batch.price.push(item.priceCents);
        batch.category.push(categoryIds.get(leaf)!);
        batch.created.push(new Date(created).toISOString());
        batch.published.push(published === null ? null : new Date(published).toISOString());
        batch.sold.push(sold === null ? null : new Date(sold).toISOString());
        batch.holder.push(holder);
        batch.until.push(until);
        const tags: number[] = [];
        const wanted = random.int(shape.tagsPerItem[0], shape.tagsPerItem[1]);
        for (const name of item.tags) {
          const id = tagIds.get(name);
          if (id !== undefined && tags.length < wanted && !tags.includes(id)) tags.push(id);
        }
        const images = Math.min(
          item.look.photos,
          random.int(shape.imagesPerItem[0], shape.imagesPerItem[1]),
        );
        batch.extras.push({ look: item.look, images, tags });
      }
      return batch;
    },
  };
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

/**
 * Writes a batch in one transaction: its customers, its items, their photos and
 * tags as bulk INSERT … SELECT FROM unnest(arrays), then its orders.
 */
export async function insertBatch(
  trx: Db,
  batch: ItemBatch,
  photosOfLook: readonly SeedPhoto[][],
  random: SeededRandom,
  options: { now: Date; currency: string; paymentDays: number },
): Promise<{ images: number; itemTags: number }> {
  const customerIds = await insertCustomers(trx, batch.customers);
  const holders = batch.holder.map((slot) => (slot === null ? null : customerIds[slot]!));
  const soldTo: Array<number | null> = batch.status.map(() => null);
  for (const sale of batch.sales) soldTo[sale.row] = customerIds[sale.customer]!;
  // Each item's tag_ids as its links below will make them (sorted, as 0023's refresh
  // writes them), so the refresh after the links finds nothing to rewrite (0100).
  const tagIds = batch.extras.map(({ tags }) => `{${[...tags].sort((a, b) => a - b).join(',')}}`);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO items (title, description, status, price_cents, price_source, category_id, created_at,
                       published_at, sold_at, reserved_by, reserved_until, held_price_cents, sold_to, tag_ids)
    SELECT t, d, s, p, 'manual', c, cr, pu, so, rb, ru, CASE WHEN rb IS NULL THEN NULL ELSE p END, st, tg::int[]
    FROM unnest(${batch.title}::text[], ${batch.description}::text[], ${batch.status}::text[], ${batch.price}::int[],
                ${batch.category}::int[], ${batch.created}::timestamptz[], ${batch.published}::timestamptz[],
                ${batch.sold}::timestamptz[], ${holders}::int[], ${batch.until}::timestamptz[], ${soldTo}::int[],
                ${tagIds}::text[])
         AS x(t, d, s, p, c, cr, pu, so, rb, ru, st, tg)
    RETURNING id`.execute(trx);

  const images = {
    item: [] as number[],
    path: [] as string[],
    width: [] as number[],
    height: [] as number[],
    position: [] as number[],
    variants: [] as string[],
  };
  const tags = { item: [] as number[], tag: [] as number[] };
  for (const [i, row] of rows.entries()) {
    const extra = batch.extras[i]!;
    const shots = photosOfLook[extra.look.id]!;
    for (let position = 0; position < extra.images; position++) {
      const photo = shots[position]!;
      images.item.push(row.id);
      images.path.push(photo.path);
      images.width.push(photo.width);
      images.height.push(photo.height);
      images.position.push(position);
      images.variants.push(variantsJson(photo));
    }
    for (const tag of extra.tags) {
      tags.item.push(row.id);
      tags.tag.push(tag);
    }
  }
  await sql`
    INSERT INTO item_images (item_id, path, width, height, position, variants)
    SELECT i, p, w, h, pos, v::jsonb
    FROM unnest(${images.item}::int[], ${images.path}::text[], ${images.width}::int[], ${images.height}::int[],
                ${images.position}::int[], ${images.variants}::text[]) AS x(i, p, w, h, pos, v)`.execute(
    trx,
  );
  await sql`
    INSERT INTO item_tags (item_id, tag_id)
    SELECT i, t FROM unnest(${tags.item}::int[], ${tags.tag}::int[]) AS x(i, t)`.execute(trx);

  // Numbered in the order they were placed, as checkout numbers them.
  const sales = [...batch.sales].sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime());
  await recordSales(
    trx,
    sales.map((sale) => ({
      buyerId: customerIds[sale.customer]!,
      buyer: batch.customers[sale.customer]!,
      lines: [{ id: rows[sale.row]!.id, price_cents: batch.price[sale.row]! }],
      soldAt: sale.soldAt,
    })),
    random,
    options,
  );
  return { images: images.item.length, itemTags: tags.item.length };
}
