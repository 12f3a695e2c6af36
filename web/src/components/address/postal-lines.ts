import { formatAddress } from 'localized-address-format';
import { countryName } from './countries';

const LATIN = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

export interface PostalParts {
  name: string;
  line1: string;
  line2?: string | null;
  postal_code: string;
  city: string;
  country: string;
}

/**
 * An address in the order its country's post writes it, the country's name last: the
 * same library and data as the shop's mails (localized-address-format), so the page and
 * the mail agree. A town the country's format has no line for goes where the region would.
 */
export function postalLines(address: PostalParts): string[] {
  const streets = [address.line1, address.line2].filter((line): line is string => Boolean(line));
  const fields = {
    postalCountry: address.country,
    name: address.name,
    addressLines: streets,
    postalCode: address.postal_code,
    locality: address.city,
  };
  const scriptType = LATIN.test([address.name, ...streets, address.city].join(' '))
    ? 'latin'
    : 'local';
  const withTown = formatAddress(fields, scriptType);
  const lines = withTown.some((line) => line.includes(address.city))
    ? withTown
    : formatAddress({ ...fields, administrativeArea: address.city }, scriptType);
  return [...lines, countryName(address.country)];
}
