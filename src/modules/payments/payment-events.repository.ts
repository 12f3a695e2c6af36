import type { Db } from '../../db/database.js';

/**
 * Provider events, stored by id in the transaction that acts on them: the primary key
 * makes a repeated delivery a no-op, also two at once on two instances (the second
 * insert waits for the first transaction and then finds the row).
 */
export function paymentEventsRepository(db: Db) {
  return {
    /** True when this event is new (and now recorded); false when it was acted on before. */
    async record(
      provider: string,
      event: { id: string; type: string; orderId: number | null },
      now: Date,
    ): Promise<boolean> {
      const row = await db
        .insertInto('payment_events')
        .values({
          provider,
          event_id: event.id,
          type: event.type,
          // The order may not exist (an id from another shop's events): kept as text only.
          order_id: null,
          outcome: 'received',
          received_at: now,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async settle(provider: string, eventId: string, orderId: number | null, outcome: string) {
      await db
        .updateTable('payment_events')
        .set({ order_id: orderId, outcome })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
  };
}
