import { formatAddress } from 'localized-address-format';
import type { PostalAddress } from '../../db/schema.js';
import { countryName } from './countries.js';

/** Latin letters only (with digits, punctuation and accents): the country's Latin-script format. */
const LATIN = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * An address a line at a time, in the order its country's post expects (Google's
 * address data, through localized-address-format), with the country's name last
 * (issue 30 item 7: a UK address is town, then postcode, not "SW1A 2AA London").
 * A country whose format has no town line (Japan, the Emirates) gets the town where
 * its region goes, so nothing the buyer wrote is lost.
 */
export function postalLines(
  address: Pick<PostalAddress, 'name' | 'line1' | 'line2' | 'postal_code' | 'city' | 'country'>,
  /** The language the country's name is written in (a mail's). */
  language = 'en',
): string[] {
  const parts = {
    postalCountry: address.country,
    name: address.name,
    addressLines: [address.line1, ...(address.line2 ? [address.line2] : [])],
    postalCode: address.postal_code,
    locality: address.city,
  };
  const script = LATIN.test(Object.values(parts).flat().join(' ')) ? 'latin' : 'local';
  let lines = formatAddress(parts, script);
  if (!lines.some((line) => line.includes(address.city))) {
    lines = formatAddress({ ...parts, administrativeArea: address.city }, script);
  }
  return [...lines, countryName(address.country, language)];
}
