import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedRates, parcelGrams, priceOf } from './shipping-rates.js';

// The price of a parcel against a plain model: the first band whose limit is at or
// above the weight (an open band takes any weight); free from the threshold; pickup and
// a shop without zones free; no zone or no band: refused.
const bands = fc
  .uniqueArray(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 6 })
  .chain((limits) =>
    fc.record({
      limits: fc.constant([...limits].sort((a, b) => a - b)),
      open: fc.boolean(),
      prices: fc.array(fc.integer({ min: 0, max: 10_000 }), {
        minLength: limits.length + 1,
        maxLength: limits.length + 1,
      }),
    }),
  )
  .map(({ limits, open, prices }) => [
    ...limits.map((up_to_grams, i) => ({ up_to_grams, price_cents: prices[i]! })),
    ...(open ? [{ up_to_grams: null, price_cents: prices[limits.length]! }] : []),
  ]);

describe('priceOf (shipping rates)', () => {
  it('answers what the plain model answers for any bands, weight, value and country', () => {
    fc.assert(
      fc.property(
        bands,
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(fc.integer({ min: 0, max: 200_000 })),
        fc.constantFrom('DE', 'FR', null),
        (rates, grams, itemsCents, freeOver, country) => {
          const shop = checkedRates({
            zones: [{ name: 'Home', countries: ['de'], rates }],
            free_over_cents: freeOver,
          });
          const got = priceOf(shop, country, grams, itemsCents);
          const band = rates.find((r) => r.up_to_grams === null || grams <= r.up_to_grams);
          const expected =
            country === null
              ? { kind: 'free', cents: 0 }
              : country === 'FR'
                ? { kind: 'no_zone' }
                : !band
                  ? { kind: 'too_heavy', zone: 'Home', maxGrams: rates.at(-1)!.up_to_grams }
                  : freeOver !== null && itemsCents >= freeOver
                    ? { kind: 'free', cents: 0 }
                    : { kind: 'priced', cents: band.price_cents };
          expect(got).toEqual(expected);
        },
      ),
    );
  });

  it('a shop without zones ships free everywhere', () => {
    expect(priceOf(checkedRates({ zones: [], free_over_cents: null }), 'US', 90_000, 1)).toEqual({
      kind: 'free',
      cents: 0,
    });
  });

  it('a parcel weighs its items’ weights; an item never weighed counts 0 g', () => {
    expect(
      parcelGrams([{ weight_grams: 1_200 }, { weight_grams: null }, { weight_grams: 300 }]),
    ).toBe(1_500);
  });
});
