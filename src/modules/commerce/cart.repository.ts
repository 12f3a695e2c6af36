import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A customer whose cart reminder has just been claimed, with what the mail needs. */
export interface ClaimedReminder {
  id: number;
  email: string;
  first_name: string | null;
  hold_until: Date;
  items: Array<{ id: number; title: string }>;
}

/** What a released hold looks like: back on sale, held by nobody (contract: Item). */
const released = (now: Date) =>
  ({ status: 'available', reserved_by: null, reserved_until: null, updated_at: now }) as const;

/**
 * All SQL of carts: an item is in a customer's cart while it is `reserved` by
 * them and its `reserved_until` lies ahead. Every change is one guarded UPDATE,
 * so a race between customers, the sweeper, an admin or a disable is decided by
 * the database: the loser's statement matches nothing. A hold past its deadline
 * is never held, whether or not the sweeper has released it yet.
 */
export function cartRepository(db: Db) {
  return {
    /**
     * Reserves the item for the customer until `until`. It must be available,
     * or held by nobody any more (an expired hold), or already the caller's.
     */
    async reserve(customerId: number, itemId: number, now: Date, until: Date): Promise<boolean> {
      const row = await db
        .updateTable('items')
        .set({
          status: 'reserved',
          reserved_by: customerId,
          reserved_until: until,
          updated_at: now,
        })
        .where('id', '=', itemId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'available'),
            eb.and([
              eb('status', '=', 'reserved'),
              eb.or([eb('reserved_until', '<=', now), eb('reserved_by', '=', customerId)]),
            ]),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Moves every live hold of the customer to one deadline: the cart shares it. */
    async extendHolds(customerId: number, now: Date, until: Date): Promise<void> {
      await db
        .updateTable('items')
        .set({ reserved_until: until, updated_at: now })
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('reserved_until', '>', now)
        .execute();
    },

    /** Back to available; only the caller's own hold is touched. */
    async release(customerId: number, itemId: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('items')
        .set(released(now))
        .where('id', '=', itemId)
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Every item the customer holds goes back on sale, expired holds included
     * (disable, account deletion). Only rows still reserved by them are touched,
     * so a sold item is never changed (spec 3).
     */
    async releaseAllOf(customerId: number, now: Date): Promise<number[]> {
      const rows = await db
        .updateTable('items')
        .set(released(now))
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Checkout: every live hold of the buyer becomes theirs, sold (spec 3: reserved → sold). */
    sellHeld(customerId: number, now: Date) {
      return db
        .updateTable('items')
        .set({
          status: 'sold',
          sold_to: customerId,
          sold_at: now,
          reserved_by: null,
          reserved_until: null,
          updated_at: now,
        })
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('reserved_until', '>', now)
        .returning(['id', 'price_cents'])
        .execute();
    },

    /** The sweeper (spec 3: reserved → released when the reservation expires). */
    async releaseExpired(now: Date): Promise<number[]> {
      const rows = await db
        .updateTable('items')
        .set(released(now))
        .where('status', '=', 'reserved')
        .where('reserved_until', '<=', now)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Claims the reminders that are due: customers, not disabled, whose live
     * hold ends by `dueBy` and who were not yet reminded of this hold. The claim
     * is the UPDATE itself; `FOR UPDATE SKIP LOCKED` lets several schedulers run
     * at once, each customer going to whichever locks the row first, and a row
     * claimed and committed meanwhile is re-checked and left out. So each hold's
     * reminder is claimed exactly once across every app instance.
     */
    async claimDueReminders(now: Date, dueBy: Date): Promise<ClaimedReminder[]> {
      const { rows } = await sql<ClaimedReminder>`
        WITH held AS (
          SELECT reserved_by AS customer_id, min(reserved_until) AS hold_until,
                 json_agg(json_build_object('id', id, 'title', title) ORDER BY id) AS items
          FROM items
          WHERE status = 'reserved' AND reserved_until > ${now}
          GROUP BY reserved_by
          HAVING min(reserved_until) <= ${dueBy}
        )
        UPDATE customers AS c
        SET cart_reminder_sent_for = held.hold_until
        FROM held
        WHERE c.id = held.customer_id
          AND c.id IN (
            SELECT locked.id
            FROM customers AS locked
            JOIN held AS h ON h.customer_id = locked.id
            WHERE locked.disabled_at IS NULL
              AND locked.cart_reminder_sent_for IS DISTINCT FROM h.hold_until
            FOR UPDATE OF locked SKIP LOCKED)
        RETURNING c.id, c.email, c.first_name, held.hold_until, held.items`.execute(db);
      return rows;
    },
  };
}
