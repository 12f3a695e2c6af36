import type { Db } from '../../db/database.js';
import { released } from '../commerce/cart.repository.js';

/**
 * The SQL of orders paid on a hosted page (Stripe Checkout, issue 32): the page's
 * session, a payment still settling, and the items held for the order meanwhile.
 * State changes of the order itself stay in `ordersRepository.transition`.
 */
export function hostedOrdersRepository(db: Db) {
  const orderRows = () => db.selectFrom('orders').selectAll();

  return {
    /** The hosted payment page opened for a placed order: its session and where the buyer pays. */
    async attachPaymentPage(id: number, page: { reference: string; url: string }, now: Date) {
      await db
        .updateTable('orders')
        .set({ payment_reference: page.reference, payment_url: page.url, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'placed')
        .execute();
    },

    /**
     * The buyer finished the page with a payment that settles later (a bank debit): the
     * order waits until `until`, its items held as long (issue 32: until the outcome or
     * ORDER_PAYMENT_DAYS).
     */
    async markProcessing(
      id: number,
      details: { paymentIntentId: string | null; until: Date; itemsClaimedUntil: Date },
      now: Date,
    ): Promise<boolean> {
      const row = await db
        .updateTable('orders')
        .set({
          payment_processing_at: now,
          payment_intent_id: details.paymentIntentId,
          payment_expires_at: details.until,
          payment_url: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'placed')
        .where('payment_processing_at', 'is', null)
        .returning(['checkout_key', 'customer_id'])
        .executeTakeFirst();
      if (!row) return false;
      await db
        .updateTable('items')
        .set({ reserved_until: details.until, checkout_until: details.itemsClaimedUntil })
        .where('checkout_key', '=', row.checkout_key)
        .where('status', '=', 'reserved')
        .execute();
      return true;
    },

    /** The items still held for the order's checkout by its buyer, locked (a payment may sell them). */
    async lockItemsHeldFor(checkoutKey: string, customerId: number | null): Promise<number[]> {
      if (customerId === null) return [];
      const rows = await db
        .selectFrom('items')
        .select('id')
        .where('checkout_key', '=', checkoutKey)
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * A hosted-payment order that will not be paid: the items still held for it go back
     * on sale (spec 3: released), and the buyer's cool-down starts (docs/decisions.md, Commerce).
     */
    async releaseItemsHeldFor(checkoutKey: string, now: Date): Promise<number[]> {
      const rows = await db
        .updateTable('items')
        .set((eb) => ({
          ...released(now),
          last_held_by: eb.ref('reserved_by'),
          last_hold_ended_at: now,
        }))
        .where('checkout_key', '=', checkoutKey)
        .where('status', '=', 'reserved')
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * A hosted-payment order withdrawn before the buyer could pay (its page could not
     * be opened, or a new checkout replaced it): its items stay in the buyer's cart,
     * unclaimed, until `deadline` (the cart's own, or as extended for the payment).
     */
    async returnItemsToCart(checkoutKey: string, deadline: Date | null): Promise<void> {
      await db
        .updateTable('items')
        .set((eb) => ({
          checkout_key: null,
          checkout_until: null,
          reserved_until: deadline ?? eb.ref('reserved_until'),
        }))
        .where('checkout_key', '=', checkoutKey)
        .where('status', '=', 'reserved')
        .execute();
    },

    /** The buyer's placed orders still waiting on a hosted payment page (not yet finished there). */
    openHostedOf(customerId: number) {
      return orderRows()
        .where('customer_id', '=', customerId)
        .where('state', '=', 'placed')
        .where('payment_provider', '=', 'stripe')
        .where('payment_processing_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    /** Hosted-payment orders still placed whose page (or settling payment) ran out by `before`. */
    hostedPastDeadline(before: Date, limit: number) {
      return orderRows()
        .where('state', '=', 'placed')
        .where('payment_expires_at', 'is not', null)
        .where('payment_expires_at', '<=', before)
        .orderBy('payment_expires_at')
        .limit(limit)
        .execute();
    },
  };
}
