import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ItemCondition, ItemStatus } from '../../db/schema.js';

export interface FeedRow {
  id: number;
  title: string;
  description: string;
  status: ItemStatus;
  price_cents: number;
  condition: ItemCondition | null;
  category_name: string | null;
  image_path: string | null;
}

/** What the product feed lists: the storefront's items, never pending (spec 1, 4.2 rule 5). */
export function feedRepository(db: Db) {
  return {
    /**
     * Up to `limit` visible items after id `afterId`, in id order (keyset: each batch
     * costs the same however far into the catalogue), with their first photo.
     */
    batch(afterId: number, limit: number): Promise<FeedRow[]> {
      return db
        .selectFrom('items as i')
        .leftJoin('categories as c', 'c.id', 'i.category_id')
        .where('i.status', '<>', 'pending')
        .where('i.id', '>', afterId)
        .select([
          'i.id',
          'i.title',
          'i.description',
          'i.status',
          'i.price_cents',
          'i.condition',
          'c.name as category_name',
          sql<string | null>`(SELECT im.path FROM item_images im WHERE im.item_id = i.id
            ORDER BY im.position, im.id LIMIT 1)`.as('image_path'),
        ])
        .orderBy('i.id')
        .limit(limit)
        .execute();
    },

    /** The id the given page of `pageSize` items starts after (0 for the first), or null past the end. */
    async startOfPage(page: number, pageSize: number): Promise<number | null> {
      if (page === 1) return 0;
      const row = await db
        .selectFrom('items')
        .where('status', '<>', 'pending')
        .select('id')
        .orderBy('id')
        .offset((page - 1) * pageSize - 1)
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async countVisible(): Promise<number> {
      const row = await db
        .selectFrom('items')
        .where('status', '<>', 'pending')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },
  };
}
