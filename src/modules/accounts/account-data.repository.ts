import type { Db } from '../../db/database.js';

/** What the self-service export gathers besides the profile row (GDPR art. 15 and 20). */
export function accountDataRepository(db: Db) {
  return {
    favoritesOf(customerId: number) {
      return db
        .selectFrom('favorites')
        .innerJoin('items', 'items.id', 'favorites.item_id')
        .select(['items.id as item_id', 'items.title', 'favorites.created_at as favorited_at'])
        .where('favorites.customer_id', '=', customerId)
        .orderBy('favorites.created_at')
        .orderBy('items.id')
        .execute();
    },

    /**
     * What the customer bought, at the price paid and under the title it had
     * then (the order line), never the item as edited since (issue 18). A sale
     * from before orders existed falls back to the item row.
     */
    purchasesOf(customerId: number) {
      return db
        .selectFrom('items')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('order_lines as ol')
              .innerJoin('orders as o', 'o.id', 'ol.order_id')
              .select(['ol.item_id', 'ol.title', 'ol.price_cents'])
              .where('o.customer_id', '=', customerId)
              .where('o.state', '<>', 'cancelled')
              .as('line'),
          (join) => join.onRef('line.item_id', '=', 'items.id'),
        )
        .select((eb) => [
          'items.id as item_id',
          eb.fn.coalesce('line.title', 'items.title').as('title'),
          eb.fn.coalesce('line.price_cents', 'items.price_cents').as('price_cents'),
          'items.sold_at',
        ])
        .where('items.sold_to', '=', customerId)
        .orderBy('items.sold_at')
        .orderBy('items.id')
        .execute();
    },

    reservationsOf(customerId: number) {
      return db
        .selectFrom('items')
        .select(['id as item_id', 'title', 'reserved_until'])
        .where('status', '=', 'reserved')
        .where('reserved_by', '=', customerId)
        .orderBy('id')
        .execute();
    },

    /** Metadata only: the digests are credentials' fingerprints and stay in the database. */
    sessionsOf(customerId: number) {
      return db
        .selectFrom('customer_sessions')
        .select(['token_digest', 'created_at', 'expires_at'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    tokensOf(customerId: number) {
      return db
        .selectFrom('customer_tokens')
        .select(['kind', 'created_at', 'expires_at', 'used_at'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
  };
}
