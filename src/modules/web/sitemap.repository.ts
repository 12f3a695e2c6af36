import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the sitemap lists: the items the storefront shows (never pending, spec 4.2 rule 5). */
export function sitemapRepository(db: Db) {
  return {
    async countVisible(): Promise<number> {
      const row = await db
        .selectFrom('items')
        .where('status', '<>', 'pending')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** One page in id order: a page keeps its items while new ones are added at the end. */
    visiblePage(pageSize: number, page: number) {
      return db
        .selectFrom('items')
        .where('status', '<>', 'pending')
        .select(['id', 'updated_at'])
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
    },
  };
}
