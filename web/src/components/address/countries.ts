import { getAlpha2Codes } from 'i18n-iso-countries';
import { formatLanguage } from '../../lib/format';

const names = new Map<string, Intl.DisplayNames>();

/** A country's name in the page's language ("Vereinigtes Königreich" for GB in German). */
export function countryName(code: string, language = formatLanguage()): string {
  let display = names.get(language);
  if (!display) {
    display = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    names.set(language, display);
  }
  return display.of(code) ?? code;
}

const optionsByLanguage = new Map<string, Array<{ value: string; label: string }>>();

/**
 * Every country the server takes (ISO 3166-1 alpha-2, the same library's list), named
 * in the reader's language and sorted as that language sorts (issue 30 item 7).
 */
export function countryOptions(
  language = formatLanguage(),
): ReadonlyArray<{ value: string; label: string }> {
  let options = optionsByLanguage.get(language);
  if (!options) {
    const collator = new Intl.Collator(language);
    options = Object.keys(getAlpha2Codes())
      .map((code) => ({ value: code, label: countryName(code, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    optionsByLanguage.set(language, options);
  }
  return options;
}
