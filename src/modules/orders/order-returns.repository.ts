import type { Db } from '../../db/database.js';

/** What an order's withdrawals and item refunds hold, read for its shape. */
export interface OrderReturns {
  withdrawals: Array<{
    id: number;
    order_id: number;
    reason: string | null;
    requested_at: Date;
    line_ids: number[];
  }>;
  /** refund id → the lines it paid back. */
  refundLines: Array<{ refund_id: number; order_line_id: number; amount_cents: number }>;
}

export const NO_RETURNS: OrderReturns = { withdrawals: [], refundLines: [] };

/**
 * All SQL of withdrawals and of which lines a refund paid back (issue 34 item 5).
 * Each line is withdrawn at most once and refunded at most once (UNIQUE order_line_id).
 */
export function orderReturnsRepository(db: Db) {
  return {
    async ofOrders(orderIds: number[]): Promise<OrderReturns> {
      if (orderIds.length === 0) return NO_RETURNS;
      const [withdrawals, withdrawnLines, refundLines] = await Promise.all([
        db
          .selectFrom('order_withdrawals')
          .selectAll()
          .where('order_id', 'in', orderIds)
          .orderBy('order_id')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('order_withdrawal_lines as wl')
          .innerJoin('order_withdrawals as w', 'w.id', 'wl.withdrawal_id')
          .select(['wl.withdrawal_id', 'wl.order_line_id'])
          .where('w.order_id', 'in', orderIds)
          .orderBy('wl.order_line_id')
          .execute(),
        db
          .selectFrom('order_refund_lines as rl')
          .innerJoin('order_refunds as r', 'r.id', 'rl.refund_id')
          .select(['rl.refund_id', 'rl.order_line_id', 'rl.amount_cents'])
          .where('r.order_id', 'in', orderIds)
          .orderBy('rl.order_line_id')
          .execute(),
      ]);
      return {
        withdrawals: withdrawals.map((w) => ({
          ...w,
          line_ids: withdrawnLines
            .filter((line) => line.withdrawal_id === w.id)
            .map((line) => line.order_line_id),
        })),
        refundLines,
      };
    },

    /** Records a withdrawal of these lines, received now. */
    async insertWithdrawal(
      orderId: number,
      lineIds: number[],
      reason: string | null,
      now: Date,
    ): Promise<number> {
      const { id } = await db
        .insertInto('order_withdrawals')
        .values({ order_id: orderId, reason, requested_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_withdrawal_lines')
        .values(lineIds.map((lineId) => ({ withdrawal_id: id, order_line_id: lineId })))
        .execute();
      return id;
    },

    /** Which lines a refund paid back; a line refunded before makes this fail (UNIQUE). */
    async insertRefundLines(
      refundId: number,
      lines: Array<{ id: number; amount_cents: number }>,
    ): Promise<void> {
      if (lines.length === 0) return;
      await db
        .insertInto('order_refund_lines')
        .values(
          lines.map((line) => ({
            refund_id: refundId,
            order_line_id: line.id,
            amount_cents: line.amount_cents,
          })),
        )
        .execute();
    },

    /** What the order's refunds add up to, and whether one of them gave the shipping back. */
    async refundedSoFar(orderId: number): Promise<{ amount: number; shipping: boolean }> {
      const row = await db
        .selectFrom('order_refunds')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('amount'),
          eb.fn.coalesce(eb.fn.sum<string>('shipping_cents'), eb.lit(0)).as('shipping'),
        ])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      return { amount: Number(row.amount), shipping: Number(row.shipping) > 0 };
    },

    /**
     * Refunded items back on sale (`available`) or to `pending` for a look: only rows
     * still sold to this order's buyer, so an item sold again since is left alone.
     */
    async restock(
      itemIds: number[],
      customerId: number | null,
      status: 'available' | 'pending',
      now: Date,
    ): Promise<number[]> {
      if (itemIds.length === 0) return [];
      let query = db
        .updateTable('items')
        .set({ status, sold_to: null, sold_at: null, updated_at: now })
        .where('status', '=', 'sold')
        .where('id', 'in', itemIds);
      query =
        customerId === null
          ? query.where('sold_to', 'is', null)
          : query.where('sold_to', '=', customerId);
      const rows = await query.returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** Every line paid back: the order is refunded (from paid, shipped or delivered only). */
    async markRefunded(orderId: number, now: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set({ state: 'refunded', refunded_at: now, updated_at: now })
        .where('id', '=', orderId)
        .where('state', 'in', ['paid', 'shipped', 'delivered'])
        .execute();
    },
  };
}
