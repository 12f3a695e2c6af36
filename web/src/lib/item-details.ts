import i18next from 'i18next';
import type { Item } from './api-client';
import { formatLanguage } from './format';

export type Condition = NonNullable<Item['condition']>;

const CONDITION_VALUES: readonly Condition[] = ['new', 'like_new', 'good', 'fair', 'for_parts'];

/** The conditions, best first, in the words a buyer reads (the page's language). */
export const CONDITIONS: ReadonlyArray<{ value: Condition; readonly label: string }> =
  CONDITION_VALUES.map((value) => ({
    value,
    get label() {
      return conditionLabel(value);
    },
  }));

export const conditionLabel = (value: Condition): string =>
  i18next.t(`condition.${value}`, { ns: 'common', defaultValue: value });

const number = (language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 });

/** "4.2 kg", "850 g" ("4,2 kg" in German). */
export function formatWeight(grams: number, language = formatLanguage()): string {
  return grams >= 1000 ? `${number(language).format(grams / 1000)} kg` : `${grams} g`;
}

/** "45 × 82 × 51 cm (W × H × D)", leaving out what is not measured; null when nothing is. */
export function formatDimensions(
  dimensions: Item['dimensions'],
  language = formatLanguage(),
): string | null {
  const parts = [
    ['width', dimensions.width_mm],
    ['height', dimensions.height_mm],
    ['depth', dimensions.depth_mm],
  ].filter((part): part is [string, number] => part[1] !== null);
  if (parts.length === 0) return null;
  const cm = parts.map(([, mm]) => number(language).format(mm / 10)).join(' × ');
  const names = parts.map(([name]) => i18next.t(`dimension.${name}`, { ns: 'common' }));
  return `${cm} cm (${names.join(' × ')})`;
}
