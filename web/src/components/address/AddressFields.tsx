import { useTranslation } from 'react-i18next';
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

// Each field's label is the catalogue's `address.<field>` (common namespace).
const FIELDS = [
  ['name', 'name', true],
  ['line1', 'address-line1', true],
  ['line2', 'address-line2', false],
  ['postal_code', 'postal-code', true],
  ['city', 'address-level2', true],
  ['country', 'country', true],
  ['phone', 'tel', false],
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
  const { t, i18n } = useTranslation();
  return (
    <>
      {FIELDS.map(([key, autoComplete, required]) =>
        // A list of real countries, named in the reader's language (issue 30 item 7).
        key === 'country' ? (
          <SelectField
            key={key}
            label={t(`address.${key}`)}
            autoComplete={autoComplete}
            required
            placeholder={t('address.chooseCountry')}
            options={countryOptions(i18n.language)}
            value={value.country}
            error={errorFor(error, key)}
            onChange={(event) => onChange({ ...value, country: event.target.value })}
          />
        ) : (
          <Field
            key={key}
            label={t(`address.${key}`)}
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
