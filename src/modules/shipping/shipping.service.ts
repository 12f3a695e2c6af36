import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { shippingRepository } from './shipping.repository.js';
import type { ShippingSettings } from './shipping.schemas.js';
import {
  checkedRates,
  parcelGrams,
  priceOf,
  type Rates,
  shippingCentsOr409,
} from './shipping-rates.js';

const settingsOf = (rates: Rates): ShippingSettings => ({
  zones: rates.zones,
  free_over_cents: rates.freeOverCents,
});

function priced(
  rates: Rates,
  country: string,
  items: ReadonlyArray<{ price_cents: number }>,
  weights: ReadonlyArray<{ weight_grams: number | null }>,
): number {
  const itemsCents = items.reduce((sum, item) => sum + item.price_cents, 0);
  return shippingCentsOr409(priceOf(rates, country, parcelGrams(weights), itemsCents), country);
}

/** The shop's shipping rates (issue 34 item 2), and what a parcel costs under them. */
export function shippingService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return {
    async get(): Promise<ShippingSettings> {
      return settingsOf(await shippingRepository(ctx.db).rates());
    },

    async put(body: ShippingSettings): Promise<ShippingSettings> {
      const rates = checkedRates(body);
      await shippingRepository(ctx.db).replace(rates, ctx.clock.now());
      return settingsOf(rates);
    },

    /**
     * What shipping these items to `country` costs (null: picked up), read in `db`
     * (the checkout's transaction, so the rates and the weights are those of the sale);
     * 409 no_shipping_to_country where the shop does not ship.
     */
    async chargeFor(
      db: Db,
      country: string | null,
      items: ReadonlyArray<{ id: number; price_cents: number }>,
    ): Promise<number> {
      if (country === null) return 0;
      const repo = shippingRepository(db);
      const weights = await repo.weightsOf(items.map((item) => item.id));
      return priced(await repo.rates(), country, items, weights);
    },

    /** The same for items whose weights are known (the cart as shown). */
    async quoteFor(
      country: string | null,
      items: ReadonlyArray<{ price_cents: number; weight_grams: number | null }>,
    ): Promise<number> {
      if (country === null) return 0;
      return priced(await shippingRepository(ctx.db).rates(), country, items, items);
    },
  };
}

export type ShippingService = ReturnType<typeof shippingService>;
