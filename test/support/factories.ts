import type { Db } from '../../src/db/database.js';
import type { ItemStatus } from '../../src/db/schema.js';

let sequence = 0;
const next = () => ++sequence;

export async function makeCategory(
  db: Db,
  options: { name?: string; slug?: string; parentId?: number | null } = {},
) {
  const n = next();
  return db
    .insertInto('categories')
    .values({
      name: options.name ?? `Category ${n}`,
      slug: options.slug ?? `category-${n}`,
      parent_id: options.parentId ?? null,
    })
    .returning(['id', 'name', 'slug', 'parent_id'])
    .executeTakeFirstOrThrow();
}

export async function makeTag(db: Db, options: { name?: string; slug?: string } = {}) {
  const n = next();
  return db
    .insertInto('tags')
    .values({ name: options.name ?? `Tag ${n}`, slug: options.slug ?? `tag-${n}` })
    .returning(['id', 'name', 'slug'])
    .executeTakeFirstOrThrow();
}

export interface ItemOptions {
  title?: string;
  description?: string;
  status?: ItemStatus;
  priceCents?: number;
  categoryId?: number | null;
  tagIds?: number[];
  images?: number;
  createdAt?: Date;
  publishedAt?: Date | null;
}

/** An item's row as stored: to check what a request wrote, or that a refusal wrote nothing. */
export const itemRow = (t: { db: Db }, id: number) =>
  t.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** An item with its tags and images; published (available) unless told otherwise. */
export async function makeItem(db: Db, options: ItemOptions = {}) {
  const n = next();
  const status = options.status ?? 'available';
  const item = await db
    .insertInto('items')
    .values({
      title: options.title ?? `Item ${n}`,
      description: options.description ?? '',
      status,
      ...(options.priceCents !== undefined
        ? { price_cents: options.priceCents, price_source: 'manual' as const }
        : {}),
      category_id: options.categoryId ?? null,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
      published_at:
        options.publishedAt !== undefined
          ? options.publishedAt
          : status === 'pending'
            ? null
            : (options.createdAt ?? new Date()),
    })
    .returning(['id', 'status', 'price_cents'])
    .executeTakeFirstOrThrow();
  if (options.tagIds?.length) {
    await db
      .insertInto('item_tags')
      .values(options.tagIds.map((tag_id) => ({ item_id: item.id, tag_id })))
      .execute();
  }
  for (let position = 0; position < (options.images ?? 0); position++) {
    await db
      .insertInto('item_images')
      .values({
        item_id: item.id,
        path: `test/${item.id}-${position}.jpg`,
        width: 1600,
        height: 1200,
        position,
      })
      .execute();
  }
  return item;
}
