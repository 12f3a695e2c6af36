import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { AdminOverview } from './overview.schemas.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Each sale since `since` with what it brought in: an order's lines at the price
 * charged (the held price, not today's list price) unless the order was cancelled,
 * and items the admin marked sold, which write no order, at their price.
 */
function salesSince(db: Db, since: Date) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.price_cents')
    .where('o.state', '!=', 'cancelled')
    .where('o.placed_at', '>', since)
    .unionAll(
      db
        .selectFrom('items as i')
        .select('i.price_cents')
        .where('i.status', '=', 'sold')
        .where('i.sold_at', '>', since)
        // A line of a cancelled order does not make a later admin sale an order's.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('order_lines as l')
                .innerJoin('orders as o', 'o.id', 'l.order_id')
                .select(sql`1`.as('one'))
                .whereRef('l.item_id', '=', 'i.id')
                .where('o.state', '!=', 'cancelled'),
            ),
          ),
        ),
    );
}

/** The overview's counts: read-only, five small aggregate queries. */
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
          .selectFrom(salesSince(db, new Date(now.getTime() - WEEK_MS)).as('sales'))
          .select([
            (eb) => eb.fn.countAll<string>().as('n'),
            sql<string>`COALESCE(SUM(sales.price_cents), 0)`.as('total'),
          ])
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
