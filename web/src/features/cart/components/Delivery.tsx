import { Field } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import type { CheckoutBody } from '../api';
import { useSavedAddresses } from '../api';

export interface DeliveryChoice {
  /** 'pickup', 'new', or a saved address's id. */
  mode: string;
  address: {
    name: string;
    line1: string;
    line2: string;
    postal_code: string;
    city: string;
    country: string;
    phone: string;
  };
}

export const EMPTY_DELIVERY: DeliveryChoice = {
  mode: 'pickup',
  address: { name: '', line1: '', line2: '', postal_code: '', city: '', country: '', phone: '' },
};

/** The checkout body for a choice: nothing for pickup (the contract's "no body"). */
export function checkoutBodyOf(choice: DeliveryChoice): CheckoutBody | undefined {
  if (choice.mode === 'pickup') return undefined;
  if (choice.mode !== 'new') return { address_id: Number(choice.mode) };
  const { line2, phone, ...rest } = choice.address;
  return {
    shipping_address: {
      ...rest,
      ...(line2.trim() ? { line2 } : {}),
      ...(phone.trim() ? { phone } : {}),
    },
  };
}

/** The server names the field at fault ("shipping_address/city" or the like): shown beside it. */
function errorFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  return error.field === field ||
    error.field.endsWith(`/${field}`) ||
    error.field.endsWith(`.${field}`)
    ? error.message
    : undefined;
}

const FIELDS = [
  ['name', 'Name', 'name', true],
  ['line1', 'Street and number', 'address-line1', true],
  ['line2', 'Address line 2 (optional)', 'address-line2', false],
  ['postal_code', 'Postal code', 'postal-code', true],
  ['city', 'City', 'address-level2', true],
  ['country', 'Country code (two letters, e.g. DE)', 'country', true],
  ['phone', 'Phone (optional)', 'tel', false],
] as const;

export function Delivery({
  choice,
  onChange,
  error,
}: {
  choice: DeliveryChoice;
  onChange: (choice: DeliveryChoice) => void;
  error: unknown;
}) {
  const saved = useSavedAddresses(true);
  const options = [
    { value: 'pickup', label: 'Pick up at the shop' },
    ...(saved.data?.addresses ?? []).map((a) => ({
      value: String(a.id),
      label: `Send to ${a.name}, ${a.line1}, ${a.postal_code} ${a.city}, ${a.country}`,
    })),
    { value: 'new', label: 'Send to a new address' },
  ];
  return (
    <fieldset>
      <legend>Delivery</legend>
      {options.map((option) => (
        <label key={option.value} style={{ display: 'block' }}>
          <input
            type="radio"
            name="delivery"
            value={option.value}
            checked={choice.mode === option.value}
            onChange={() => onChange({ ...choice, mode: option.value })}
          />{' '}
          {option.label}
        </label>
      ))}
      {choice.mode === 'new' &&
        FIELDS.map(([key, label, autoComplete, required]) => (
          <Field
            key={key}
            label={label}
            autoComplete={autoComplete}
            required={required}
            maxLength={key === 'country' ? 2 : 200}
            value={choice.address[key]}
            error={errorFor(error, key)}
            onChange={(event) =>
              onChange({ ...choice, address: { ...choice.address, [key]: event.target.value } })
            }
          />
        ))}
    </fieldset>
  );
}
