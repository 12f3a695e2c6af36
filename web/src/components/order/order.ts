import type { paths } from '../../lib/api-types';

/** An order as its buyer reads it (checkout's answer, the account's order page). */
export type Order =
  paths['/api/customers/me/orders/{id}']['get']['responses'][200]['content']['application/json'];

/** Whether the buyer still has to pay it themselves (a manual payment, not yet marked paid). */
export const awaitsPayment = (order: Order) =>
  order.state === 'placed' && order.payment_due_date !== null;

/** Whether the buyer can still pay on the provider's page (Stripe Checkout). */
export const payableOnline = (order: Order) =>
  order.state === 'placed' && order.payment.payment_url !== null;
