import { countryName } from '../../components/address/countries';
import type { AdminOrder, OrderState } from './api';

/** Each state as the owner reads it in lists and on the order. */
export const STATE_LABELS: Record<OrderState, string> = {
  placed: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const ORDER_STATES = Object.keys(STATE_LABELS) as OrderState[];

/** A state as the owner reads it on one order: a pickup order is handed over, not delivered. */
export function stateLabel(order: Pick<AdminOrder, 'state' | 'fulfilment'>): string {
  if (order.fulfilment === 'pickup' && order.state === 'delivered') return 'Handed over';
  return STATE_LABELS[order.state];
}

const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** Where an order goes, in a few words for the list. */
export function destinationSummary(order: AdminOrder): string {
  if (order.fulfilment === 'pickup') return 'Pickup at the shop';
  const address = order.shipping_address;
  // An anonymised order (the account was deleted) keeps no address to show.
  return address
    ? `${address.city}, ${countryName(address.country)}`
    : 'Shipping (address removed)';
}
