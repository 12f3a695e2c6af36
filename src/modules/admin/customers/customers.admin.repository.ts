import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database.js';

// First and last name, whichever exist, else the address: one name to show.
const DISPLAY_NAME = sql<string>`coalesce(nullif(concat_ws(' ', c.first_name, c.last_name), ''), c.email)`;
const STATUS = sql<
  'active' | 'disabled'
>`CASE WHEN c.disabled_at IS NULL THEN 'active' ELSE 'disabled' END`;

/** LIKE's own wildcards in a search term are matched literally. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function adminCustomersRepository(db: Db) {
  function rows() {
    return db
      .selectFrom('customers as c')
      .select([
        'c.id',
        'c.email',
        'c.email_verified',
        'c.created_at',
        DISPLAY_NAME.as('display_name'),
        STATUS.as('status'),
      ]);
  }

  return {
    /** Newest first, keyset by id; one row more than asked tells whether there is a next page. */
    list(filters: { q?: string; status?: 'active' | 'disabled'; limit: number; afterId?: number }) {
      let query = rows();
      if (filters.q) {
        const pattern = likeLiteral(filters.q.trim());
        query = query.where(
          sql<SqlBool>`(c.email ILIKE ${pattern} OR concat_ws(' ', c.first_name, c.last_name) ILIKE ${pattern})`,
        );
      }
      if (filters.status === 'active') query = query.where('c.disabled_at', 'is', null);
      if (filters.status === 'disabled') query = query.where('c.disabled_at', 'is not', null);
      if (filters.afterId !== undefined) query = query.where('c.id', '<', filters.afterId);
      return query
        .orderBy('c.id', 'desc')
        .limit(filters.limit + 1)
        .execute();
    },

    row(id: number) {
      return rows().where('c.id', '=', id).executeTakeFirst();
    },

    /** How many items the customer has favorited (pending ones included: the owner sees all). */
    async favoritesCount(id: number): Promise<number> {
      const row = await db
        .selectFrom('favorites')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('customer_id', '=', id)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** The customer's live holds, soonest deadline first. */
    holds(id: number, now: Date) {
      return db
        .selectFrom('items')
        .select([
          'id as item_id',
          'title',
          'price_cents',
          sql<Date>`reserved_until`.as('reserved_until'),
        ])
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', id)
        .where('reserved_until', '>', now)
        .orderBy('reserved_until')
        .orderBy('id')
        .execute();
    },

    /** What the customer bought (items sold to them), newest sale first. */
    purchases(id: number) {
      return db
        .selectFrom('items')
        .select(['id as item_id', 'title', 'price_cents', sql<Date>`sold_at`.as('sold_at')])
        .where('status', '=', 'sold')
        .where('sold_to', '=', id)
        .orderBy('sold_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Sets disabled_at unless already set; true when the customer exists. */
    async disable(trx: Db, id: number, now: Date): Promise<boolean> {
      const row = await trx
        .updateTable('customers')
        .set({ disabled_at: sql<Date>`coalesce(disabled_at, ${now})`, updated_at: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async enable(id: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('customers')
        .set({ disabled_at: null, updated_at: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
