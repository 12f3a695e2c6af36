import { useTranslation } from 'react-i18next';
import {
  type AddressDraft,
  AddressFields,
  addressBodyOf,
  addressLine,
  EMPTY_ADDRESS,
} from '../../../components/address/AddressFields';
import { Checkbox } from '../../../components/ui/Field';
import { MAX_SAVED_ADDRESSES, useSavedAddresses } from '../../../lib/address-queries';
import type { CheckoutBody, QuoteBody } from '../api';
import styles from './Cart.module.css';

export interface DeliveryChoice {
  /** 'pickup', 'new', or a saved address's id. */
  mode: string;
  address: AddressDraft;
  /** With 'new': keep the address on the account too. */
  saveToAccount: boolean;
}

export const EMPTY_DELIVERY: DeliveryChoice = {
  mode: 'pickup',
  address: EMPTY_ADDRESS,
  saveToAccount: false,
};

/** The checkout body for a choice: nothing for pickup (the contract's "no body"). */
export function checkoutBodyOf(choice: DeliveryChoice): CheckoutBody | undefined {
  if (choice.mode === 'pickup') return undefined;
  if (choice.mode !== 'new') return { address_id: Number(choice.mode) };
  return { shipping_address: addressBodyOf(choice.address) };
}

/**
 * The quote's body for a choice: only the country counts, so a new address is quoted as
 * soon as its country is chosen; null while it has none.
 */
export function quoteBodyOf(choice: DeliveryChoice): QuoteBody | null {
  if (choice.mode === 'pickup') return {};
  if (choice.mode !== 'new') return { address_id: Number(choice.mode) };
  const country = choice.address.country.trim();
  return /^[A-Za-z]{2}$/.test(country) ? { shipping_address: { country } } : null;
}

export function Delivery({
  choice,
  onChange,
  error,
}: {
  choice: DeliveryChoice;
  onChange: (choice: DeliveryChoice) => void;
  error: unknown;
}) {
  const { t } = useTranslation('cart');
  const saved = useSavedAddresses();
  const addresses = saved.data?.addresses ?? [];
  const options = [
    { value: 'pickup', label: t('delivery.pickup') },
    ...addresses.map((a) => ({
      value: String(a.id),
      label: t('delivery.sendTo', { address: addressLine(a) }),
    })),
    { value: 'new', label: t('delivery.sendToNew') },
  ];
  return (
    <fieldset className={styles.delivery}>
      <legend>{t('delivery.legend')}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name="delivery"
            value={option.value}
            checked={choice.mode === option.value}
            onChange={() => onChange({ ...choice, mode: option.value })}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {choice.mode === 'new' && (
        <div className={styles.newAddress}>
          <AddressFields
            value={choice.address}
            onChange={(address) => onChange({ ...choice, address })}
            error={error}
          />
          {saved.isSuccess &&
            (addresses.length >= MAX_SAVED_ADDRESSES ? (
              <p>{t('delivery.addressesFull', { max: MAX_SAVED_ADDRESSES })}</p>
            ) : (
              <Checkbox
                label={t('delivery.save')}
                checked={choice.saveToAccount}
                onChange={(event) => onChange({ ...choice, saveToAccount: event.target.checked })}
              />
            ))}
        </div>
      )}
    </fieldset>
  );
}
