import { type Static, Type } from '@sinclair/typebox';
import { MAX_INTEGER_COLUMN, Nullable, RequiredText, StrictObject } from '../../http/schemas.js';
import { AddressInput } from '../orders/orders.schemas.js';
import { Price } from '../storefront/item-filters.js';

/** Limits on what an admin sends (a shop has a handful of zones, each a few bands). */
export const SHIPPING_LIMITS = { zones: 50, countries: 250, rates: 20, maxGrams: 1_000_000 };

export const ShippingRate = StrictObject({
  up_to_grams: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: SHIPPING_LIMITS.maxGrams,
      description: 'The heaviest parcel of this band, in grams; null covers every heavier parcel',
    }),
  ),
  price_cents: Price,
});

export const ShippingZone = StrictObject({
  name: RequiredText(100, { description: 'Shown to the owner only' }),
  countries: Type.Array(
    Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. DE' }),
    { minItems: 1, maxItems: SHIPPING_LIMITS.countries },
  ),
  rates: Type.Array(ShippingRate, {
    minItems: 1,
    maxItems: SHIPPING_LIMITS.rates,
    description: 'Lightest band first; each band up to and including its weight',
  }),
});

/** GET / PUT /api/admin/shipping (contract, third round). No zones: free everywhere. */
export const ShippingSettings = StrictObject(
  {
    zones: Type.Array(ShippingZone, { maxItems: SHIPPING_LIMITS.zones }),
    free_over_cents: Nullable({
      ...Price,
      description: 'Orders whose items come to this much or more ship free; null: never',
    }),
  },
  { $id: 'ShippingSettings', title: 'ShippingSettings' },
);
export type ShippingSettings = Static<typeof ShippingSettings>;

/** A quote needs only where the parcel goes: every field but the country may be left out. */
const QuoteAddress = StrictObject({
  ...Type.Partial(AddressInput).properties,
  country: AddressInput.properties.country,
});

/** POST /api/cart/quote: an address, a saved one, or neither for pickup. */
export const QuoteBody = StrictObject({
  shipping_address: Type.Optional(QuoteAddress),
  address_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_INTEGER_COLUMN,
      description: 'A saved address of the caller, instead of shipping_address',
    }),
  ),
});
export type QuoteBody = Static<typeof QuoteBody>;

export const Quote = Type.Object({
  items_cents: Type.Integer({ description: 'The held items at their held prices' }),
  shipping_cents: Type.Integer({ description: 'For the parcel to that country; 0 for pickup' }),
  tax_cents: Type.Integer({
    description:
      'The VAT contained in total_cents (prices include it; never added on top), per line and for shipping, rounded half up per line; 0 under the margin scheme or a small business exemption',
  }),
  total_cents: Type.Integer({ description: 'What checkout charges: items and shipping' }),
  tax: Type.Object(
    {
      mode: Type.Unsafe<'included' | 'margin' | 'none'>(
        Type.String({ enum: ['included', 'margin', 'none'] }),
      ),
      rate_bp: Type.Integer({
        description: 'The VAT rate applied in basis points (1900 = 19%); 0 unless included',
      }),
      wording: Nullable(
        Type.String({
          description:
            'What is said instead of VAT: the margin scheme’s words, or the shop’s note (small business exemption)',
        }),
      ),
    },
    { description: 'How the tax was reckoned, for the cart to say it' },
  ),
  lines: Type.Array(
    Type.Object({
      item_id: Type.Integer(),
      title: Type.String(),
      price_cents: Type.Integer(),
      weight_grams: Nullable(Type.Integer()),
    }),
  ),
});
export type Quote = Static<typeof Quote>;
