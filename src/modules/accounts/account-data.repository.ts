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

    purchasesOf(customerId: number) {
      return db
        .selectFrom('items')
        .select(['id as item_id', 'title', 'price_cents', 'sold_at'])
        .where('sold_to', '=', customerId)
        .orderBy('sold_at')
        .orderBy('id')
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
