import type { Order } from './order';

type Returnable = Pick<
  Order,
  'state' | 'lines' | 'withdrawal' | 'refunds' | 'withdrawal_period_ends_at'
>;

/** Items paid back, by id (issue 34 item 5). */
export const refundedItemIds = (order: Pick<Order, 'refunds'>) =>
  new Set(order.refunds.flatMap((refund) => refund.item_ids));

/** Items withdrawn from, by id. */
export const withdrawnItemIds = (order: Pick<Order, 'withdrawal'>) =>
  new Set(order.withdrawal?.item_ids ?? []);

/** The order's lines the buyer can still withdraw from: neither withdrawn nor paid back. */
export function withdrawableLines(order: Returnable) {
  const refunded = refundedItemIds(order);
  const withdrawn = withdrawnItemIds(order);
  return order.lines.filter(
    (line) => line.item_id !== null && !refunded.has(line.item_id) && !withdrawn.has(line.item_id),
  );
}

/**
 * Whether "Withdraw from this purchase" applies now: before delivery at any time, after
 * it until the period ends (the server's instant, the end of the 14th day), while a
 * piece is left to withdraw from.
 */
export function canWithdraw(order: Returnable, now: Date = new Date()): boolean {
  if (order.state === 'cancelled' || order.state === 'refunded') return false;
  if (order.withdrawal_period_ends_at && now >= new Date(order.withdrawal_period_ends_at))
    return false;
  return withdrawableLines(order).length > 0;
}

const DAY_MS = 24 * 60 * 60_000;

/** By when the shop must pay back a withdrawal: 14 days after it was received. */
export const refundDueBy = (withdrawal: NonNullable<Order['withdrawal']>) =>
  new Date(new Date(withdrawal.requested_at).getTime() + 14 * DAY_MS);
