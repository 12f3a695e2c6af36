import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { invoicesService } from '../invoices/invoices.service.js';
import { ownerNotices } from '../shop/owner-notices.service.js';
import { orderEventData } from '../webhooks/webhook-events.js';
import { shopReason } from './cancel-reasons.js';
import { requestRefundIn } from './order-refunds.js';
import { orderReturnsRepository } from './order-returns.repository.js';
import { withdrawalPeriodEndsAt } from './order-shape.js';
import { type OrderLineRow, type OrderRow, ordersRepository } from './orders.repository.js';
import type { Order, RefundBody, WithdrawBody } from './orders.schemas.js';
import type { OrdersContext, OrdersService } from './orders.service.js';
import { dueDateOf, formatShopDay } from './shop-days.js';

/** Where a refund may start: money came in and the order is not ended. */
const REFUNDABLE: readonly OrderRow['state'][] = ['paid', 'shipped', 'delivered'];

/** What the buyer is told on a cancel that their withdrawal caused. */

/** The order's lines for these items; 400 naming item_ids for an item not in the order. */
function linesFor(lines: OrderLineRow[], itemIds: number[], orderNumber: string): OrderLineRow[] {
  const byItem = new Map(lines.map((line) => [line.item_id, line]));
  return itemIds.map((itemId) => {
    const line = byItem.get(itemId);
    if (!line)
      throw badRequest(
        'item_not_in_order',
        `Item ${itemId} is not part of order ${orderNumber}.`,
        'item_ids',
      );
    return line;
  });
}

/**
 * Withdrawal and refunds (issue 34 item 5). Each runs in one transaction that first
 * locks the order row, so a withdrawal, a refund, a ship or a cancel of the same order
 * happen one after another; what a refund or withdrawal pays back or names is then
 * read under that lock, and the UNIQUE line columns are the last word.
 */
export function orderReturnsService(ctx: OrdersContext, orders: OrdersService) {
  const notices = ownerNotices(ctx);
  const invoices = invoicesService(ctx);

  return {
    /**
     * The buyer withdraws from items of their order: any time before delivery (the
     * period has not begun), else until the end of the 14th day after delivery or
     * hand-over in the shop's time zone (409 withdrawal_period_over). Items already
     * withdrawn are withdrawn: naming only those again is answered with the order as
     * it is, and nothing new is recorded or mailed.
     */
    async withdraw(customerId: number, orderId: number, body: WithdrawBody): Promise<Order> {
      const now = ctx.clock.now();
      const reason = body.reason?.trim() || null;
      return inTransaction(ctx.db, async (trx) => {
        // Lock order as elsewhere: the buyer's row, then the order's.
        await customersRepository(trx).lockById(customerId);
        const row = await ordersRepository(trx).lockById(orderId);
        if (!row || row.customer_id !== customerId) throw notFound('No such order.');
        if (row.state === 'cancelled' || row.state === 'refunded')
          throw conflict(
            'invalid_transition',
            `Order ${row.number} is ${row.state}; there is nothing left to withdraw from.`,
          );
        const shop = await ctx.shop.current(trx);
        const endsAt = withdrawalPeriodEndsAt(row, shop.timeZone);
        if (endsAt && now.getTime() >= endsAt.getTime())
          throw conflict(
            'withdrawal_period_over',
            `The 14 days to withdraw from order ${row.number} ended with ${formatShopDay(dueDateOf(endsAt, shop.timeZone))} (${shop.timeZone} time).`,
          );
        const lines = await ordersRepository(trx).linesOf([row.id]);
        const named = linesFor(lines, body.item_ids, row.number);
        const returns = orderReturnsRepository(trx);
        const recorded = await returns.ofOrders([row.id]);
        const refunded = new Set(recorded.refundLines.map((line) => line.order_line_id));
        const paidBack = named.find((line) => refunded.has(line.id));
        if (paidBack)
          throw conflict(
            'item_refunded',
            `“${paidBack.title}” has been paid back already.`,
            'item_ids',
          );
        const withdrawn = new Set(recorded.withdrawals.flatMap((w) => w.line_ids));
        const fresh = named.filter((line) => !withdrawn.has(line.id));
        // A repeat (a second click, a retried request): the withdrawal stands as it is.
        if (fresh.length === 0) return (await orders.load(trx, row.id))!;
        // Unpaid: nothing to pay back, and the payment awaited is for the whole order,
        // so a withdrawal cancels the whole order (docs/decisions.md).
        if (row.state === 'placed' && withdrawn.size + fresh.length < lines.length)
          throw conflict(
            'withdraw_whole_order',
            `Order ${row.number} is not paid yet: withdraw from all of it, or pay and then withdraw from some pieces.`,
            'item_ids',
          );
        await returns.insertWithdrawal(
          row.id,
          fresh.map((line) => line.id),
          reason,
          now,
        );
        const order =
          row.state === 'placed'
            ? await orders.cancelWithin(trx, row.id, shopReason('withdrawn_unpaid'), {
                mail: false,
              })
            : (await orders.load(trx, row.id))!;
        await orders.mailBuyerIn(trx, 'withdrawal-received', order);
        await notices.withdrawal(trx, order);
        return order;
      });
    },

    /**
     * The owner has the items back (or never sent them) and pays them back: their
     * prices, plus the shipping once when asked, never more than was paid less what
     * was paid back before. The money goes back through the provider's refund job;
     * each item goes back on sale or to pending; the order is refunded once every
     * line is.
     */
    async refund(orderId: number, body: RefundBody): Promise<Order> {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const row = await ordersRepository(trx).lockById(orderId);
        if (!row) throw notFound('No such order.');
        if (!REFUNDABLE.includes(row.state))
          throw conflict(
            'invalid_transition',
            `Order ${row.number} is ${row.state}; only a paid, shipped or delivered order can be refunded.`,
          );
        const lines = await ordersRepository(trx).linesOf([row.id]);
        const named = linesFor(lines, body.item_ids, row.number);
        const returns = orderReturnsRepository(trx);
        const recorded = await returns.ofOrders([row.id]);
        const refunded = new Set(recorded.refundLines.map((line) => line.order_line_id));
        const again = named.find((line) => refunded.has(line.id));
        if (again)
          throw conflict(
            'item_refunded',
            `“${again.title}” has been refunded already.`,
            'item_ids',
          );
        const before = await returns.refundedSoFar(row.id);
        const shipping = body.include_shipping && !before.shipping ? row.shipping_cents : 0;
        const asked = named.reduce((sum, line) => sum + line.price_cents, 0) + shipping;
        // Never more than was paid, less what went back before.
        const amount = Math.min(asked, row.total_cents - before.amount);
        if (amount <= 0)
          throw conflict(
            'nothing_to_refund',
            `Nothing is left to pay back for these items of order ${row.number}.`,
          );
        const lineIds = named.map((line) => line.id).sort((a, b) => a - b);
        const refundId = await requestRefundIn(
          trx,
          row,
          {
            amount_cents: amount,
            reason: 'Returned',
            idempotency_key: `refund-${row.checkout_key}-${lineIds.join('-') || 'none'}-${shipping > 0 ? 'shipping' : 'items'}`,
          },
          now,
          row.payment_intent_id,
          shipping,
        );
        if (refundId === null)
          throw conflict('item_refunded', 'These items have been refunded already.', 'item_ids');
        await returns.insertRefundLines(
          refundId,
          named.map((line) => ({ id: line.id, amount_cents: line.price_cents })),
        );
        const itemIds = named.map((line) => line.item_id).filter((id): id is number => id !== null);
        // The credit note for what goes back, referring to the invoice; the books net
        // to what was kept.
        await invoices.creditRefundIn(trx, {
          orderId: row.id,
          itemIds,
          includeShipping: shipping > 0,
          amountCents: amount,
        });
        const restocked = await returns.restock(itemIds, row.customer_id, body.restock, now);
        if (refunded.size + named.length === lines.length) await returns.markRefunded(row.id, now);
        const order = (await orders.load(trx, row.id))!;
        await ctx.webhookEvents.record(trx, 'order.refunded', {
          ...orderEventData(order),
          refund: { amount_cents: amount, item_ids: itemIds },
        });
        if (body.restock === 'available')
          await ctx.webhookEvents.items(trx, 'item.released', restocked);
        await orders.mailBuyerIn(trx, 'refunded', order);
        return order;
      });
    },
  };
}

export type OrderReturnsService = ReturnType<typeof orderReturnsService>;
