import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { cartRepository } from '../commerce/cart.repository.js';
import { LATE_EVENT_MARGIN_MS } from '../commerce/hosted-checkout.js';
import type { PaymentEvent } from '../commerce/payments.js';
import type { Sale, SaleAnnouncer } from '../commerce/sales.js';
import { shopReason } from '../orders/cancel-reasons.js';
import { hostedOrdersRepository } from '../orders/hosted-orders.repository.js';
import { requestRefundIn } from '../orders/order-refunds.js';
import { type OrderRow, ordersRepository } from '../orders/orders.repository.js';
import { ordersService } from '../orders/orders.service.js';
import { type PaymentOutcome, paymentOutcome } from '../orders/payment-outcomes.js';
import { paymentEventsRepository } from './payment-events.repository.js';

const DAY_MS = 24 * 60 * 60_000;

interface Decision {
  outcome: PaymentOutcome;
  orderId: number | null;
  sale?: Sale;
}

/**
 * What a verified payment event does to its order (issue 32; docs/decisions.md,
 * Payments). Each event runs in one transaction with the record of its id, so it is
 * acted on once; every change goes through the orders module's guarded transitions.
 * Lock order: the buyer's row, then the order's, then its items.
 */
export function paymentEventsService(
  ctx: Pick<
    AppContext,
    'db' | 'clock' | 'config' | 'outbox' | 'webhookEvents' | 'metrics' | 'shop'
  >,
  sales: SaleAnnouncer,
  log: FastifyBaseLogger,
) {
  const orders = ordersService(ctx);

  /**
   * Paid: the order becomes paid and its items sold (spec 3: reserved → sold) iff every
   * item is still held for it by an enabled buyer and the amount is the order's. Any
   * other payment is refunded in full, never kept for nothing, and nothing is sold twice.
   */
  async function paid(trx: Db, row: OrderRow, buyerEnabled: boolean, event: PaymentEvent) {
    const now = ctx.clock.now();
    const repository = ordersRepository(trx);
    if (row.state === 'placed' && row.payment_reference === event.sessionId) {
      const held = await hostedOrdersRepository(trx).lockItemsHeldFor(
        row.checkout_key,
        row.customer_id,
      );
      const lines = await repository.linesOf([row.id]);
      const allHeld = lines.every((line) => line.item_id !== null && held.includes(line.item_id));
      const amountIsOrders =
        event.amountCents === row.total_cents && (event.currency ?? row.currency) === row.currency;
      if (buyerEnabled && allHeld && amountIsOrders && row.customer_id !== null) {
        const sold = await cartRepository(trx).recordSale(row.customer_id, row.checkout_key, now);
        const sale = { soldItemIds: sold.sort((a, b) => a - b), buyerId: row.customer_id };
        // The favorite-sold job exists iff this sale commits (spec 6 rule 1).
        await sales.record(trx, sale);
        await orders.markPaidIn(trx, row.id, event.paymentReference);
        return { outcome: 'paid' as const, sale };
      }
      await orders.cancelWithin(trx, row.id, shopReason('no_longer_held'), {
        refundPayment: event.paymentReference,
        paymentProblem: { kind: 'noLongerHeld' },
      });
      return { outcome: 'refund_requested' as const };
    }
    // The order was paid with this very payment: nothing more to do.
    if (row.payment_intent_id !== null && row.payment_intent_id === event.paymentReference)
      return { outcome: 'duplicate_event' as const };
    // A payment for an order that ended (cancelled, expired, or paid otherwise): back in full.
    await requestRefundIn(
      trx,
      row,
      {
        amount_cents: event.amountCents ?? row.total_cents,
        reason: 'A payment arrived for an order that had already ended.',
        idempotency_key: `refund-${event.paymentReference ?? event.id}`,
      },
      now,
      event.paymentReference,
    );
    await orders.tellRefundedIn(trx, row.id);
    return { outcome: 'refund_requested' as const };
  }

  async function decide(trx: Db, event: PaymentEvent): Promise<Decision> {
    const ignored = { outcome: 'ignored_event' as const, orderId: event.orderId };
    if (event.kind === 'ignored' || event.orderId === null) return ignored;
    const found = await ordersRepository(trx).byId(event.orderId);
    if (!found || found.payment_provider !== 'stripe') return { ...ignored, orderId: null };
    const buyer =
      found.customer_id === null
        ? undefined
        : await customersRepository(trx).lockById(found.customer_id);
    const row = (await ordersRepository(trx).lockById(found.id))!;
    const orderId = row.id;
    if (event.kind === 'paid')
      return { ...(await paid(trx, row, Boolean(buyer && !buyer.disabled_at), event)), orderId };
    // The other events concern only the page the order waits on.
    if (row.state !== 'placed' || row.payment_reference !== event.sessionId) return ignored;
    const now = ctx.clock.now();
    if (event.kind === 'processing') {
      // A payment that settles later (SEPA, bank debits): the holds stay until its
      // outcome, or ORDER_PAYMENT_DAYS.
      const until = new Date(now.getTime() + ctx.config.orderPaymentDays * DAY_MS);
      await hostedOrdersRepository(trx).markProcessing(
        row.id,
        {
          paymentIntentId: event.paymentReference,
          until,
          itemsClaimedUntil: new Date(until.getTime() + LATE_EVENT_MARGIN_MS),
        },
        now,
      );
      return { outcome: 'processing', orderId };
    }
    const failed = event.kind === 'failed';
    await orders.cancelWithin(
      trx,
      row.id,
      shopReason(failed ? 'payment_failed' : 'not_completed'),
      // A buyer who left the page is not written to; a failed payment is worth a mail.
      {
        mail: failed,
        paymentProblem: { kind: failed ? 'failed' : 'expired' },
      },
    );
    return { outcome: 'unpaid_cancelled', orderId };
  }

  return {
    /** Acts on a verified event once; a repeat (even a concurrent one) changes nothing. */
    async act(provider: 'stripe', event: PaymentEvent): Promise<PaymentOutcome> {
      const decision = await inTransaction(ctx.db, async (trx): Promise<Decision> => {
        const events = paymentEventsRepository(trx);
        if (!(await events.record(provider, event, ctx.clock.now())))
          return { outcome: 'duplicate_event', orderId: event.orderId };
        const decided = await decide(trx, event);
        await events.settle(provider, event.id, decided.orderId, decided.outcome);
        return decided;
      });
      paymentOutcome({ log, metrics: ctx.metrics }, decision.outcome, {
        provider,
        event: { id: event.id, type: event.type },
        order_id: decision.orderId,
      });
      if (decision.sale) await sales.announce(decision.sale);
      return decision.outcome;
    },
  };
}

export type PaymentEventsService = ReturnType<typeof paymentEventsService>;
