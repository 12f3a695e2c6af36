// The library's browser entry: the codes alone, without its eighty name tables
// (names come from Intl.DisplayNames, which Node and every browser carry).
import countries from 'i18n-iso-countries/index.js';
import { badRequest } from '../../http/errors.js';

/**
 * Codes people write that ISO 3166-1 gives to no country, with the one they mean: the
 * United Kingdom's postal and EU abbreviations.
 */
const MEANT: Readonly<Record<string, string>> = { UK: 'GB', EL: 'GR' };

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** Whether `code` is the ISO 3166-1 alpha-2 code of a country (upper case). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.alpha2ToAlpha3(code) !== undefined;
}

/**
 * A country as stored: the upper-case alpha-2 code of a real country (issue 30 item 7).
 * Anything else is 400 `invalid_country` naming `field`, with the code meant when known.
 */
export function countryCodeOf(input: string, field: string): string {
  const code = input.trim().toUpperCase();
  if (isCountryCode(code)) return code;
  const meant = MEANT[code];
  throw badRequest(
    'invalid_country',
    meant
      ? `"${input}" is not a country code: for ${names.of(meant)} it is ${meant}.`
      : `"${input}" is not a country: choose one from the list (an ISO 3166-1 code such as DE or GB).`,
    field,
  );
}

const namesIn = new Map<string, Intl.DisplayNames>();

/**
 * The country's name ("United Kingdom", German "Vereinigtes Königreich"), as a letter's
 * last line gives it: in English unless a mail's language is given.
 */
export const countryName = (code: string, language = 'en'): string => {
  if (language === 'en') return names.of(code) ?? code;
  let inLanguage = namesIn.get(language);
  if (!inLanguage) {
    inLanguage = new Intl.DisplayNames([language], { type: 'region' });
    namesIn.set(language, inLanguage);
  }
  return inLanguage.of(code) ?? code;
};
