import { type ExpressionBuilder, sql } from 'kysely';
import type { ShopLanguage } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A customer whose cart reminder has just been claimed, with what the mail needs. */
export interface ClaimedReminder {
  id: number;
  email: string;
  first_name: string | null;
  language: ShopLanguage | null;
  hold_until: Date;
  items: Array<{ id: number; title: string }>;
}

/** What a released hold looks like: back on sale, held by nobody, claimed by no checkout (contract: Item). */
export const released = (now: Date) =>
  ({
    status: 'available',
    reserved_by: null,
    reserved_until: null,
    held_price_cents: null,
    checkout_key: null,
    checkout_until: null,
    updated_at: now,
  }) as const;

/** An item a checkout claimed and is taking payment for (until `checkout_until`). */
export interface ClaimedItem {
  id: number;
  price_cents: number;
}

type Items = ExpressionBuilder<Database, 'items'>;

/**
 * The most expired holds one sweeper transaction releases: a commit whose ids
 * number more than 500 is announced as `*`, a change of everything, and every
 * storefront instance reloads its whole index (migration 0024's
 * note_catalogue_scope: `cardinality(merged) > 500`, counted per transaction).
 */
export const RELEASE_EXPIRED_BATCH = 500;

/**
 * A reserved item whose hold has ended: past its deadline and not claimed by a
 * checkout that is taking payment. It counts as released everywhere, swept or
 * not (docs/decisions.md, Commerce).
 */
export const holdEnded = (eb: Items, now: Date) =>
  eb.and([
    eb('status', '=', 'reserved'),
    eb('reserved_until', '<=', now),
    eb.or([eb('checkout_until', 'is', null), eb('checkout_until', '<=', now)]),
  ]);

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
     * The cart's one deadline: that of the customer's live holds, or null for an
     * empty cart. Set by the first add into an empty cart, never moved.
     */
    async deadlineOf(customerId: number, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('items')
        .select((eb) => eb.fn.min('reserved_until').as('deadline'))
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('reserved_until', '>', now)
        .executeTakeFirst();
      return row?.deadline ?? null;
    },

    /** Whether the item's hold, if any, still keeps others off it (live or claimed by a checkout). */
    async isHeld(itemId: number, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .where('status', '=', 'reserved')
        .where((eb) => eb.not(holdEnded(eb, now)))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * When the customer's own hold on the item ended, if that is what keeps them off
     * it now: released (by a remove, the sweeper) with them as its last holder, or
     * past its deadline and not yet swept. Null when their hold is not the item's last.
     */
    async ownHoldEndedAt(customerId: number, itemId: number, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('items')
        .select((eb) =>
          eb
            .case()
            .when(eb.and([holdEnded(eb, now), eb('reserved_by', '=', customerId)]))
            .then(eb.ref('reserved_until'))
            .when(eb.and([eb('status', '=', 'available'), eb('last_held_by', '=', customerId)]))
            .then(eb.ref('last_hold_ended_at'))
            .else(null)
            .end()
            .as('ended_at'),
        )
        .where('id', '=', itemId)
        .executeTakeFirst();
      return row?.ended_at ?? null;
    },

    /** Whether the item is in the customer's cart right now (a repeated add changes nothing). */
    async holdsLive(customerId: number, itemId: number, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('reserved_until', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Reserves the item for the customer until `until`. It must be available or
     * its hold ended (an expired, unclaimed reservation), and, when the caller's
     * own hold on it ended, at or before `coolDownFrom` (one hold window ago):
     * anyone else may take it at once, the customer who let it lapse waits.
     */
    async reserve(
      customerId: number,
      itemId: number,
      now: Date,
      until: Date,
      coolDownFrom: Date,
    ): Promise<boolean> {
      const row = await db
        .updateTable('items')
        .set((eb) => ({
          status: 'reserved',
          reserved_by: customerId,
          reserved_until: until,
          // The price the customer sees now is the price checkout charges (issue 18).
          held_price_cents: eb.ref('price_cents'),
          checkout_key: null,
          checkout_until: null,
          updated_at: now,
        }))
        .where('id', '=', itemId)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'available'),
              eb.or([
                eb('last_held_by', 'is', null),
                eb('last_held_by', '<>', customerId),
                eb('last_hold_ended_at', 'is', null),
                eb('last_hold_ended_at', '<=', coolDownFrom),
              ]),
            ]),
            eb.and([
              holdEnded(eb, now),
              eb.or([
                eb('reserved_by', '<>', customerId),
                eb('reserved_until', '<=', coolDownFrom),
              ]),
            ]),
          ]),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Back to available; only the caller's own live hold is touched (an ended
     * one is released already). The customer's hold ends now: the cool-down starts.
     * A remove wins over the customer's own checkout taking payment for the item:
     * its recording then finds the item gone and the payment is voided, so an item
     * the customer was told is out of the cart is never sold to them.
     */
    async release(customerId: number, itemId: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('items')
        .set({ ...released(now), last_held_by: customerId, last_hold_ended_at: now })
        .where('id', '=', itemId)
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('reserved_until', '>', now)
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

    /**
     * Checkout, first step: every live hold of the buyer not already claimed is
     * claimed for this checkout (`key`) until `claimUntil`, and stays reserved.
     * The claim keeps the sweeper and other customers off the items while the
     * payment is taken with no transaction open; a second checkout of the same
     * cart meanwhile finds nothing to claim.
     */
    claimForCheckout(
      customerId: number,
      key: string,
      now: Date,
      claimUntil: Date,
      /** A hosted payment: the holds last (at least) until its page stops taking payment. */
      holdUntil?: Date,
    ): Promise<ClaimedItem[]> {
      return (
        db
          .updateTable('items')
          .set((eb) => ({
            checkout_key: key,
            checkout_until: claimUntil,
            ...(holdUntil
              ? { reserved_until: sql<Date>`GREATEST(${eb.ref('reserved_until')}, ${holdUntil})` }
              : {}),
          }))
          .where('status', '=', 'reserved')
          .where('reserved_by', '=', customerId)
          .where('reserved_until', '>', now)
          .where((eb) => eb.or([eb('checkout_until', 'is', null), eb('checkout_until', '<=', now)]))
          // The price held when the item went into the cart, not today's (issue 18).
          .returning((eb) => [
            'id',
            eb.fn.coalesce('held_price_cents', 'price_cents').as('price_cents'),
          ])
          .execute()
      );
    },

    /**
     * Items of the customer's held for an order whose payment was made and is still
     * settling (a bank debit, issue 32): paid as far as the buyer knows, so not in the cart.
     */
    async settlingFor(customerId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('items as i')
        .innerJoin('orders as o', 'o.checkout_key', 'i.checkout_key')
        .select('i.id')
        .where('i.status', '=', 'reserved')
        .where('i.reserved_by', '=', customerId)
        .where('o.state', '=', 'placed')
        .where('o.payment_processing_at', 'is not', null)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The held price of each item in the customer's cart, by item id (the cart shows it). */
    async heldPricesOf(customerId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('items')
        .select(['id', 'held_price_cents'])
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .where('held_price_cents', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.id, row.held_price_cents!]));
    },

    /**
     * Checkout, last step (spec 3: reserved → sold): the items still claimed by
     * this checkout and still held by the buyer. A disable, an admin sale or a
     * lapsed claim taken by another customer leaves an item out, and the caller
     * compares with what it claimed.
     */
    async recordSale(customerId: number, key: string, now: Date): Promise<number[]> {
      const rows = await db
        .updateTable('items')
        .set({
          status: 'sold',
          sold_to: customerId,
          sold_at: now,
          reserved_by: null,
          reserved_until: null,
          held_price_cents: null,
          checkout_key: null,
          checkout_until: null,
          updated_at: now,
        })
        .where('checkout_key', '=', key)
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** A checkout that did not complete: its items are held as they were before it. */
    async releaseClaim(key: string): Promise<void> {
      await db
        .updateTable('items')
        .set({ checkout_key: null, checkout_until: null })
        .where('checkout_key', '=', key)
        .execute();
    },

    /**
     * The sweeper (spec 3: reserved → released when the reservation expires), at
     * most `limit` holds, lowest ids first: the caller repeats while a batch is full.
     * The holder's hold ended at its deadline: that starts their cool-down. The
     * outer re-check leaves out a row changed since the inner read picked it.
     */
    async releaseExpired(now: Date, limit = RELEASE_EXPIRED_BATCH): Promise<number[]> {
      const rows = await db
        .updateTable('items')
        .set((eb) => ({
          ...released(now),
          last_held_by: eb.ref('reserved_by'),
          last_hold_ended_at: eb.ref('reserved_until'),
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('items')
            .select('id')
            .where((inner) => holdEnded(inner, now))
            .orderBy('id')
            .limit(limit),
        )
        .where((eb) => holdEnded(eb, now))
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
            -- Items being paid for (a payment page, a settling bank debit) need no reminder.
            AND (checkout_until IS NULL OR checkout_until <= ${now})
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
        RETURNING c.id, c.email, c.first_name, c.language, held.hold_until, held.items`.execute(db);
      return rows;
    },
  };
}
