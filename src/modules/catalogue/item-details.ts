import { type Static, Type } from '@sinclair/typebox';
import type { ItemCondition } from '../../db/schema.js';
import { Nullable, StrictObject } from '../../http/schemas.js';
import { Condition } from '../storefront/items.schemas.js';

// Issue 34 item 1: weight, size and condition, as the owner writes them. Each is
// optional in a body (absent: unchanged) and null clears it. Bounds match 0090's checks.

const Millimetres = Nullable(
  Type.Integer({ minimum: 1, maximum: 100_000, description: 'Millimetres (at most 100 m)' }),
);

export const WeightGrams = Nullable(
  Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Grams (at most 1 t)' }),
);
export const DimensionsBody = StrictObject({
  width_mm: Type.Optional(Millimetres),
  height_mm: Type.Optional(Millimetres),
  depth_mm: Type.Optional(Millimetres),
});

export const ItemDetailsBody = {
  weight_grams: Type.Optional(WeightGrams),
  dimensions: Type.Optional(DimensionsBody),
  condition: Type.Optional(Nullable(Condition)),
  condition_note: Type.Optional(
    Nullable(Type.String({ maxLength: 500, description: 'Blank clears it' })),
  ),
};

const DetailsObject = Type.Object(ItemDetailsBody);
type DetailsBody = Static<typeof DetailsObject>;

/** The item columns a body sets; what it leaves out is left as it is. */
export interface DetailColumns {
  weight_grams?: number | null;
  width_mm?: number | null;
  height_mm?: number | null;
  depth_mm?: number | null;
  condition?: ItemCondition | null;
  condition_note?: string | null;
}

export function detailColumnsOf(body: DetailsBody): DetailColumns {
  const columns: DetailColumns = {};
  if (body.weight_grams !== undefined) columns.weight_grams = body.weight_grams;
  for (const key of ['width_mm', 'height_mm', 'depth_mm'] as const) {
    const value = body.dimensions?.[key];
    if (value !== undefined) columns[key] = value;
  }
  if (body.condition !== undefined) columns.condition = body.condition;
  if (body.condition_note !== undefined)
    columns.condition_note = body.condition_note?.trim() || null;
  return columns;
}
