import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { NO_RATES, type Rates } from './shipping-rates.js';

/** All SQL of shipping: the shop's one row of rates (0091) and the weights of items. */
export function shippingRepository(db: Db) {
  return {
    async rates(): Promise<Rates> {
      const row = await db
        .selectFrom('shipping_settings')
        .select(['zones', 'free_over_cents'])
        .executeTakeFirst();
      return row ? { zones: row.zones, freeOverCents: row.free_over_cents } : NO_RATES;
    },

    /** Replaces the rates whole: a concurrent PUT either wins entirely or loses entirely. */
    async replace(rates: Rates, now: Date): Promise<void> {
      const zones = JSON.stringify(rates.zones);
      await db
        .insertInto('shipping_settings')
        .values({ zones, free_over_cents: rates.freeOverCents, updated_at: now })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            zones: sql`excluded.zones`,
            free_over_cents: sql`excluded.free_over_cents`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    },

    /** Each item's weight (null when unknown); items that do not exist are left out. */
    async weightsOf(ids: readonly number[]): Promise<Array<{ weight_grams: number | null }>> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('items')
        .select('weight_grams')
        .where('id', '=', sql<number>`ANY(${[...ids]}::integer[])`)
        .execute();
    },
  };
}
