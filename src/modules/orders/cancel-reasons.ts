import type { CancelReasonCode } from '../../db/schema.js';
import { formatShopDay } from './shop-days.js';

export type { CancelReasonCode };

/**
 * Why an order is cancelled: the words kept on the order (the API's `cancel_reason`,
 * the owner's own or the shop's English sentence), and for the shop's own reasons the
 * code a mail or a page words in its reader's language.
 */
export interface CancelReason {
  text: string;
  code: CancelReasonCode | null;
  /** The last day to pay a `not_paid_by` reason names (`YYYY-MM-DD`, the shop's zone). */
  day?: string;
}

const SENTENCES: Record<Exclude<CancelReasonCode, 'not_paid_by'>, string> = {
  payment_failed: 'The payment failed.',
  not_completed: 'The payment was not completed in time.',
  no_longer_held:
    'Your payment arrived after the pieces were no longer held for you, so they could not be sold to you; the payment is refunded in full.',
  withdrawn_unpaid: 'You withdrew from the order before paying.',
  replaced: 'Replaced by a new checkout.',
  page_not_opened: 'The payment page could not be opened.',
};

/** Every code, for the API's schema (the record above makes the list complete). */
export const CANCEL_REASON_CODES: readonly CancelReasonCode[] = [
  ...(Object.keys(SENTENCES) as CancelReasonCode[]),
  'not_paid_by',
];

/** One of the shop's own reasons. */
export const shopReason = (code: Exclude<CancelReasonCode, 'not_paid_by'>): CancelReason => ({
  text: SENTENCES[code],
  code,
});

/** A manual order not paid by its last day (`YYYY-MM-DD` in the shop's time zone). */
export const notPaidBy = (lastDay: string): CancelReason => ({
  text: `No payment arrived by ${formatShopDay(lastDay)}.`,
  code: 'not_paid_by',
  day: lastDay,
});

/** The owner's own words, kept as written. */
export const ownerReason = (text: string): CancelReason => ({ text, code: null });
