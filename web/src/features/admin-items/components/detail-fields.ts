import type { AdminItem } from '../../../lib/admin-api';
import { decimalInput } from '../../../lib/format';
import type { Condition } from '../../../lib/item-details';

/**
 * A measure typed in the unit an owner thinks in (kg, cm), as the API's whole unit
 * (g, mm): "4.2" kg is 4200 g. Empty is null (not known); anything else not a
 * positive number is an error to show.
 */
export function parseMeasure(text: string, factor: number): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(trimmed)) return 'invalid';
  const value = Math.round(Number(trimmed) * factor);
  return value >= 1 ? value : 'invalid';
}

/** The whole unit back as the owner's (4200 g → "4.2", "4,2" in German). */
export const measureText = (value: number | null, factor: number) =>
  value === null ? '' : decimalInput(value / factor, { digits: 3 });

export interface DetailValues {
  weight_grams: number | null;
  dimensions: { width_mm: number | null; height_mm: number | null; depth_mm: number | null };
  condition: Condition | null;
  condition_note: string | null;
}

/** Each measure's field, its API name, its factor, and the catalogue key saying what to write. */
const MEASURES = [
  ['weight', 'weight_grams', 1000, 'details.weightFormat'],
  ['width', 'width_mm', 10, 'details.widthFormat'],
  ['height', 'height_mm', 10, 'details.heightFormat'],
  ['depth', 'depth_mm', 10, 'details.depthFormat'],
] as const;

/**
 * The details of a submitted form, or the first field at fault with the key (in the
 * `adminItems` catalogue) of what to write.
 */
export function detailsOf(
  form: FormData,
): { values: DetailValues } | { field: string; message: string } {
  const parsed: Record<string, number | null> = {};
  for (const [name, key, factor, message] of MEASURES) {
    const value = parseMeasure(String(form.get(name) ?? ''), factor);
    if (value === 'invalid') return { field: name, message };
    parsed[key] = value;
  }
  const condition = String(form.get('condition') ?? '');
  return {
    values: {
      weight_grams: parsed.weight_grams ?? null,
      dimensions: {
        width_mm: parsed.width_mm ?? null,
        height_mm: parsed.height_mm ?? null,
        depth_mm: parsed.depth_mm ?? null,
      },
      condition: condition ? (condition as Condition) : null,
      condition_note: String(form.get('condition_note') ?? '').trim() || null,
    },
  };
}

export const initialText = (item: AdminItem) => ({
  weight: measureText(item.weight_grams, 1000),
  width: measureText(item.dimensions.width_mm, 10),
  height: measureText(item.dimensions.height_mm, 10),
  depth: measureText(item.dimensions.depth_mm, 10),
});
