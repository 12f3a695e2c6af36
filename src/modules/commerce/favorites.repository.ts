import type { Db } from '../../db/database.js';

/** All SQL about favorites. Takes the app's db or a transaction. */
export function favoritesRepository(db: Db) {
  return {
    /**
     * Adds the favorite when the item exists and is not pending (one statement:
     * the item's visibility is checked where the row is written). False when
     * nothing was added: already a favorite, or no visible item.
     */
    async add(customerId: number, itemId: number, now: Date): Promise<boolean> {
      const row = await db
        .insertInto('favorites')
        .columns(['customer_id', 'item_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('items')
            .select([eb.val(customerId).as('customer_id'), 'id', eb.val(now).as('created_at')])
            .where('id', '=', itemId)
            .where('status', '<>', 'pending'),
        )
        .onConflict((oc) => oc.columns(['customer_id', 'item_id']).doNothing())
        .returning('item_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async remove(customerId: number, itemId: number): Promise<void> {
      await db
        .deleteFrom('favorites')
        .where('customer_id', '=', customerId)
        .where('item_id', '=', itemId)
        .execute();
    },

    /**
     * Who hears that these items sold (spec 6, favorite sold): customers who
     * favorited one, opted in to sold notifications and are not disabled, never
     * the buyer. One row per customer and item.
     */
    soldNotificationRecipients(itemIds: number[], buyerId: number | null) {
      let query = db
        .selectFrom('favorites as f')
        .innerJoin('customers as c', 'c.id', 'f.customer_id')
        .innerJoin('items as i', 'i.id', 'f.item_id')
        .select([
          'i.id as item_id',
          'i.title',
          'c.id as customer_id',
          'c.email',
          'c.first_name',
          'c.language',
        ])
        .where('f.item_id', 'in', itemIds)
        .where('i.status', '=', 'sold')
        .where('c.sold_notifications', '=', true)
        .where('c.disabled_at', 'is', null)
        .orderBy('i.id')
        .orderBy('c.id');
      if (buyerId !== null) query = query.where('c.id', '<>', buyerId);
      return query.execute();
    },
  };
}
