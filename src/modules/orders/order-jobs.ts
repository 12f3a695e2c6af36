import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerRefundJob } from './order-refunds.js';
import { ordersRepository } from './orders.repository.js';
import { ORDER_VOID_JOB, type OrdersService } from './orders.service.js';

/** How often the unpaid-order job runs: a due date is honoured within this. */
export const SETTLE_UNPAID_EVERY_MS = 15 * 60_000;
export const SETTLE_UNPAID_JOB = 'orders.settle-unpaid';

/**
 * The order jobs on the queue: the void a cancellation committed (run after the
 * commit, retried, once per order by its key; the provider gets the checkout's
 * idempotency key, so a retry cannot refund twice), and the recurring
 * unpaid-order reminder and auto-cancel.
 */
export function registerOrderJobs(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'payments' | 'metrics' | 'config' | 'clock'>,
  orders: OrdersService,
  log: FastifyBaseLogger,
): void {
  ctx.jobs.register<{ order_id: number }>(ORDER_VOID_JOB, {
    async handle(job) {
      const row = await ordersRepository(ctx.db).byId(job.payload.order_id);
      if (!row) return;
      if (row.payment_provider === 'stripe') {
        // Cancelled before it was paid: its payment page must stop taking payment. A
        // payment that lands anyway is refunded when its event arrives (issue 32).
        if (row.payment_url && ctx.payments.hosted)
          await ctx.payments.hosted.expire(row.payment_reference);
        return;
      }
      await ctx.payments.void(row.checkout_key);
      ctx.metrics.refunds.inc({ outcome: 'refunded' });
      log.info({ order: { id: row.id, number: row.number } }, 'payment of cancelled order voided');
    },
    onGiveUp(job) {
      ctx.metrics.refunds.inc({ outcome: 'failed' });
      log.error(
        { order: { id: job.payload.order_id } },
        'payment could not be voided: refund it by hand',
      );
    },
  });

  registerRefundJob(ctx, log);

  ctx.jobs.register(SETTLE_UNPAID_JOB, {
    everyMs: SETTLE_UNPAID_EVERY_MS,
    maxAttempts: 1, // the next run is the retry
    async handle() {
      const done = await orders.settleUnpaid();
      if (done.reminded.length > 0 || done.cancelled.length > 0) {
        log.info({ orders: done }, 'unpaid orders reminded or cancelled');
      }
    },
  });
}
