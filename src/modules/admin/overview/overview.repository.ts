import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { AdminOverview } from './overview.schemas.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The overview's counts: read-only, four small aggregate queries. */
export function adminOverviewRepository(db: Db) {
  return {
    async overview(now: Date): Promise<AdminOverview> {
      const [fresh, statuses, holdCount, soonest, sold] = await Promise.all([
        db
          .selectFrom('items as i')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('i.status', '=', 'pending')
          .where(
            sql<boolean>`EXISTS (SELECT 1 FROM item_drafts d WHERE d.item_id = i.id
              AND d.state NOT IN ('accepted', 'dismissed'))`,
          )
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('items')
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('status')
          .execute(),
        db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'reserved')
          .where('reserved_until', '>', now)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('items')
          .select(['id as item_id', 'title', sql<Date>`reserved_until`.as('reserved_until')])
          .where('status', '=', 'reserved')
          .where('reserved_until', '>', now)
          .orderBy('reserved_until')
          .orderBy('id')
          .limit(5)
          .execute(),
        db
          .selectFrom('items')
          .select([
            (eb) => eb.fn.countAll<string>().as('n'),
            sql<string>`COALESCE(SUM(price_cents), 0)`.as('total'),
          ])
          .where('status', '=', 'sold')
          .where('sold_at', '>', new Date(now.getTime() - WEEK_MS))
          .executeTakeFirstOrThrow(),
      ]);
      const byStatus = { pending: 0, available: 0, reserved: 0, sold: 0 };
      for (const row of statuses) byStatus[row.status] = Number(row.n);
      return {
        new_submissions: Number(fresh.n),
        items_by_status: byStatus,
        holds: { count: Number(holdCount.n), soonest },
        sold_last_7_days: { count: Number(sold.n), total_cents: Number(sold.total) },
      };
    },
  };
}
