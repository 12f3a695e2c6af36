import type { TFunction } from 'i18next';
import { countryName } from '../../components/address/countries';
import { formatLanguage, localeOf } from '../../lib/format';
import type { AdminOrder, OrderState } from './api';

/** Every state, in the order an order goes through them (the filter's options). */
export const ORDER_STATES: readonly OrderState[] = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
];

/** Each state as the owner reads it in lists and on the order (`adminOrders` catalogue). */
export const stateName = (t: TFunction<'adminOrders'>, state: OrderState): string =>
  t(`state.${state}`);

/** A state as the owner reads it on one order: a pickup order is handed over, not delivered. */
export function stateLabel(
  t: TFunction<'adminOrders'>,
  order: Pick<AdminOrder, 'state' | 'fulfilment'>,
): string {
  if (order.fulfilment === 'pickup' && order.state === 'delivered') return t('state.handedOver');
  return stateName(t, order.state);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** A moment as the page's language writes it, day and time ("3 Mar 2026, 14:05"). */
export function formatDateTime(iso: string, language = formatLanguage()): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    dateTimes.set(language, format);
  }
  return format.format(new Date(iso));
}

/** Where an order goes, in a few words for the list. */
export function destinationSummary(t: TFunction<'adminOrders'>, order: AdminOrder): string {
  if (order.fulfilment === 'pickup') return t('list.pickup');
  const address = order.shipping_address;
  // An anonymised order (the account was deleted) keeps no address to show.
  return address ? `${address.city}, ${countryName(address.country)}` : t('list.addressRemoved');
}
