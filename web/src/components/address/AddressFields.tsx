import { fieldErrorOf, namesOnlyFields } from '../../lib/api-client';
import { Field } from '../ui/Field';
import { SelectField } from '../ui/SelectField';
import { countryOptions } from './countries';
import { type PostalParts, postalLines } from './postal-lines';

/** An address as a form holds it: every field text, blank when not given. */
export interface AddressDraft {
  name: string;
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  country: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressDraft = {
  name: '',
  line1: '',
  line2: '',
  postal_code: '',
  city: '',
  country: '',
  phone: '',
};

/** The API's address body: the optional lines left out when blank (the server stores null). */
export function addressBodyOf(draft: AddressDraft) {
  const { line2, phone, ...rest } = draft;
  return {
    ...rest,
    ...(line2.trim() ? { line2 } : {}),
    ...(phone.trim() ? { phone } : {}),
  };
}

/** A saved address (null for the optional lines) back into a form's draft. */
export function draftOf(
  address: Omit<AddressDraft, 'line2' | 'phone'> & {
    line2: string | null;
    phone: string | null;
  },
): AddressDraft {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2 ?? '',
    postal_code: address.postal_code,
    city: address.city,
    country: address.country,
    phone: address.phone ?? '',
  };
}

/** The one-line form of an address, as the checkout and the account list it: its country's order. */
export function addressLine(address: PostalParts): string {
  return postalLines(address).join(', ');
}

/** The server names each field at fault ("city", or "shipping_address.city" at checkout). */
const errorFor = fieldErrorOf;

/** Whether a refusal names only address fields (then each is shown beside its field). */
export function isAddressFieldError(error: unknown): boolean {
  return namesOnlyFields(
    error,
    FIELDS.map(([key]) => key),
  );
}

const FIELDS = [
  ['name', 'Name', 'name', true],
  ['line1', 'Street and number', 'address-line1', true],
  ['line2', 'Address line 2 (optional)', 'address-line2', false],
  ['postal_code', 'Postal code', 'postal-code', true],
  ['city', 'City', 'address-level2', true],
  ['country', 'Country', 'country', true],
  ['phone', 'Phone (optional)', 'tel', false],
] as const;

/** The fields of a postal address, with the browser's autofill names and the server's errors. */
export function AddressFields({
  value,
  onChange,
  error,
}: {
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  error: unknown;
}) {
  return (
    <>
      {FIELDS.map(([key, label, autoComplete, required]) =>
        // A list of real countries, named in the reader's language (issue 30 item 7).
        key === 'country' ? (
          <SelectField
            key={key}
            label={label}
            autoComplete={autoComplete}
            required
            placeholder="Choose a country"
            options={countryOptions()}
            value={value.country}
            error={errorFor(error, key)}
            onChange={(event) => onChange({ ...value, country: event.target.value })}
          />
        ) : (
          <Field
            key={key}
            label={label}
            autoComplete={autoComplete}
            required={required}
            maxLength={200}
            value={value[key]}
            error={errorFor(error, key)}
            onChange={(event) => onChange({ ...value, [key]: event.target.value })}
          />
        ),
      )}
    </>
  );
}
