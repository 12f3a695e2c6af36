import type { Item } from './api-client';

export type Condition = NonNullable<Item['condition']>;

/** The conditions, best first, in the words a buyer reads. */
export const CONDITIONS: ReadonlyArray<{ value: Condition; label: string }> = [
  { value: 'new', label: 'New' },
  { value: 'like_new', label: 'Like new' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'for_parts', label: 'For parts or repair' },
];

export const conditionLabel = (value: Condition) =>
  CONDITIONS.find((condition) => condition.value === value)?.label ?? value;

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "4.2 kg", "850 g". */
export function formatWeight(grams: number): string {
  return grams >= 1000 ? `${number.format(grams / 1000)} kg` : `${grams} g`;
}

/** "45 × 82 × 51 cm (W × H × D)", leaving out what is not measured; null when nothing is. */
export function formatDimensions(dimensions: Item['dimensions']): string | null {
  const parts = [
    ['W', dimensions.width_mm],
    ['H', dimensions.height_mm],
    ['D', dimensions.depth_mm],
  ].filter((part): part is [string, number] => part[1] !== null);
  if (parts.length === 0) return null;
  const cm = parts.map(([, mm]) => number.format(mm / 10)).join(' × ');
  return `${cm} cm (${parts.map(([name]) => name).join(' × ')})`;
}
