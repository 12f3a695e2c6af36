import type { paths } from '../../lib/api-types';

/** An order as its buyer reads it (checkout's answer, the account's order page). */
export type Order =
  paths['/api/customers/me/orders/{id}']['get']['responses'][200]['content']['application/json'];

/** Whether the buyer still has to pay it themselves (a manual payment, not yet marked paid). */
export const awaitsPayment = (order: Order) =>
  order.state === 'placed' && order.payment_due_date !== null;

/**
 * Where the order's money stands, in the owner's words, after "Payment:" (issue 32); the
 * buyer's order page says it in the page's language (the orders catalogue's `paymentStatus`).
 */
export const PAYMENT_STATUS_TEXT: Record<Order['payment']['status'], string> = {
  awaiting_payment: 'Waiting for it',
  processing: 'Made; still being processed by the bank',
  paid: 'Received',
  cancelled: 'None taken',
  refund_pending: 'Refund under way',
  refunded: 'Refunded',
  refund_by_hand: 'To be paid back by the shop',
  refund_failed: 'Refund failed; the shop is seeing to it',
};

/** Whether the buyer can still pay on the provider's page (Stripe Checkout). */
export const payableOnline = (order: Order) =>
  order.state === 'placed' && order.payment.payment_url !== null;
