import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ShopSettingsTable } from '../../db/schema.js';

export type ShopSettingsRow = Selectable<ShopSettingsTable>;
export type ShopSettingsChange = Omit<Updateable<ShopSettingsTable>, 'id'>;

/** The one settings row (id 1) and what it falls back on. */
export function shopSettingsRepository(db: Db) {
  return {
    /**
     * The row and, in the same statement, the first admin's address (where owner
     * notices go while the shop names none): one read wherever the settings are used.
     */
    read(): Promise<(ShopSettingsRow & { first_admin_email: string | null }) | undefined> {
      return db
        .selectFrom('shop_settings')
        .selectAll()
        .select(
          sql<string | null>`(SELECT email FROM admins ORDER BY id LIMIT 1)`.as(
            'first_admin_email',
          ),
        )
        .where('id', '=', 1)
        .executeTakeFirst();
    },

    /** Writes the first settings; a row already there (another instance, an earlier start) wins. */
    async seed(row: Omit<Insertable<ShopSettingsTable>, 'id'>): Promise<void> {
      await db
        .insertInto('shop_settings')
        .values({ ...row, id: 1 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** One guarded statement: concurrent saves of different fields both land. */
    update(change: ShopSettingsChange): Promise<ShopSettingsRow | undefined> {
      return db
        .updateTable('shop_settings')
        .set(change)
        .where('id', '=', 1)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
