import type { StoredShippingZone } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { countryCodeOf, countryName } from '../orders/countries.js';
import type { ShippingSettings } from './shipping.schemas.js';

/** The shop's rates as stored; no zones means free shipping everywhere (as before issue 34). */
export interface Rates {
  zones: StoredShippingZone[];
  freeOverCents: number | null;
}

export const NO_RATES: Rates = { zones: [], freeOverCents: null };

/**
 * The settings as they will be stored: country codes upper case and real, each in one
 * zone; each zone's bands strictly ascending with a null (heavier) band only last.
 * Anything else is 400 naming the field, in words an owner can act on.
 */
export function checkedRates(body: ShippingSettings): Rates {
  const zoneOf = new Map<string, string>();
  const zones = body.zones.map((zone, z) => {
    const name = zone.name.trim();
    const countries = zone.countries.map((code, c) => {
      const country = countryCodeOf(code, `zones/${z}/countries/${c}`);
      const other = zoneOf.get(country);
      if (other !== undefined) {
        throw badRequest(
          'country_in_two_zones',
          `${countryName(country)} (${country}) is in two zones, "${other}" and "${name}": a country belongs to one zone.`,
          `zones/${z}/countries/${c}`,
        );
      }
      zoneOf.set(country, name);
      return country;
    });
    zone.rates.forEach((rate, r) => {
      const field = `zones/${z}/rates/${r}/up_to_grams`;
      const last = r === zone.rates.length - 1;
      if (rate.up_to_grams === null && !last) {
        throw badRequest(
          'invalid_rates',
          `In "${name}", the band for every heavier parcel (no weight limit) must come last.`,
          field,
        );
      }
      const previous = zone.rates[r - 1]?.up_to_grams;
      if (previous != null && rate.up_to_grams !== null && rate.up_to_grams <= previous) {
        throw badRequest(
          'invalid_rates',
          `In "${name}", the bands must go from light to heavy: ${rate.up_to_grams} g comes after ${previous} g.`,
          field,
        );
      }
    });
    return { name, countries, rates: zone.rates.map((rate) => ({ ...rate })) };
  });
  return { zones, freeOverCents: body.free_over_cents };
}

/** What a parcel costs to ship: pickup is free, and so is everywhere while no zone exists. */
export type ShippingPrice =
  | { kind: 'free' | 'priced'; cents: number }
  | { kind: 'no_zone' }
  | { kind: 'too_heavy'; zone: string; maxGrams: number };

/**
 * The price of a parcel of `grams` worth `itemsCents` to `country` (null: picked up):
 * the zone's lightest band that holds it; free from `freeOverCents` up.
 */
export function priceOf(
  rates: Rates,
  country: string | null,
  grams: number,
  itemsCents: number,
): ShippingPrice {
  if (country === null || rates.zones.length === 0) return { kind: 'free', cents: 0 };
  const zone = rates.zones.find((z) => z.countries.includes(country));
  if (!zone) return { kind: 'no_zone' };
  const band = zone.rates.find((rate) => rate.up_to_grams === null || grams <= rate.up_to_grams);
  if (!band) {
    return { kind: 'too_heavy', zone: zone.name, maxGrams: zone.rates.at(-1)!.up_to_grams! };
  }
  if (rates.freeOverCents !== null && itemsCents >= rates.freeOverCents) {
    return { kind: 'free', cents: 0 };
  }
  return { kind: 'priced', cents: band.price_cents };
}

/**
 * A parcel's weight: the sum of its items' weights; an item without one counts as 0 g
 * (docs/decisions.md, Shipping).
 */
export const parcelGrams = (items: ReadonlyArray<{ weight_grams: number | null }>) =>
  items.reduce((sum, item) => sum + (item.weight_grams ?? 0), 0);

/** The shipping price in cents, or the 409 a buyer sees when the shop cannot ship there. */
export function shippingCentsOr409(price: ShippingPrice, country: string | null): number {
  if (price.kind === 'no_zone') {
    throw conflict(
      'no_shipping_to_country',
      `The shop does not ship to ${countryName(country!)}: choose another address, or pick the order up at the shop.`,
      'country',
    );
  }
  if (price.kind === 'too_heavy') {
    throw conflict(
      'parcel_too_heavy',
      `This parcel is heavier than the shop ships to ${countryName(country!)} (at most ${price.maxGrams / 1000} kg): pick it up at the shop, or remove a piece.`,
      'country',
    );
  }
  return price.cents;
}
