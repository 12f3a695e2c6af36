import { getAlpha2Codes } from 'i18n-iso-countries';

const locale = typeof navigator === 'undefined' ? 'en' : navigator.language;
const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });

/** A country's name in the reader's language ("Vereinigtes Königreich" for GB in German). */
export const countryName = (code: string): string => names.of(code) ?? code;

let options: Array<{ value: string; label: string }> | null = null;

/**
 * Every country the server takes (ISO 3166-1 alpha-2, the same library's list), named
 * in the reader's language and sorted as that language sorts (issue 30 item 7).
 */
export function countryOptions(): ReadonlyArray<{ value: string; label: string }> {
  if (!options) {
    const collator = new Intl.Collator(locale);
    options = Object.keys(getAlpha2Codes())
      .map((code) => ({ value: code, label: countryName(code) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }
  return options;
}
