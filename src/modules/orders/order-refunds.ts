import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PaymentProviderName, RefundState } from '../../db/schema.js';
import { enqueue, exponentialBackoff, PermanentJobError } from '../../jobs/job-queue.js';
import {
  builtinPayments,
  type Payments,
  type RefundRequest,
  type RefundResult,
} from '../commerce/payments.js';
import { paymentOutcome } from './payment-outcomes.js';

/** The job that asks the provider for a refund recorded in `order_refunds`, once per key. */
export const REFUND_JOB = 'payments.refund';

/** The order a refund is for, as recorded. */
export interface RefundedOrder {
  id: number;
  payment_provider: PaymentProviderName;
  /** The provider's payment the money came with (a Stripe Payment Intent). */
  payment_intent_id: string | null;
}

/** All SQL of refunds: one row per idempotency key, so a repeated request records nothing new. */
export function orderRefundsRepository(db: Db) {
  return {
    /** Records a refund to ask for; null when one with this key exists already. */
    async insert(
      order: RefundedOrder,
      request: RefundRequest,
      paymentReference: string | null,
      now: Date,
      shippingCents = 0,
    ): Promise<number | null> {
      const row = await db
        .insertInto('order_refunds')
        .values({
          order_id: order.id,
          provider: order.payment_provider,
          amount_cents: request.amount_cents,
          reason: request.reason,
          idempotency_key: request.idempotency_key,
          payment_reference: paymentReference,
          state: 'pending',
          requested_at: now,
          shipping_cents: shippingCents,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    byId(id: number) {
      return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    ofOrders(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_refunds')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();
    },

    /** The provider's answer; only a pending refund changes (a late retry changes nothing). */
    async settle(id: number, result: RefundResult, now: Date): Promise<void> {
      await db
        .updateTable('order_refunds')
        .set({
          state: result.state === 'pending' ? 'pending' : result.state,
          provider_reference: result.reference,
          last_error: null,
          settled_at: result.state === 'pending' ? null : now,
        })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /** Why the last attempt failed (shown on the order while the queue retries); `failed` once it gives up. */
    async noteFailure(id: number, error: string, state: RefundState = 'pending'): Promise<void> {
      await db
        .updateTable('order_refunds')
        .set({ last_error: error, state })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },
  };
}

export type OrderRefundRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof orderRefundsRepository>['byId']>>
>;

/**
 * The refund step (issue 32; a later issue's partial refunds call it too): inside the
 * caller's transaction, records the refund and queues the job that asks the provider
 * for it after the commit. The refund exists iff the caller's change committed, and the
 * provider gets `idempotency_key`, so retries refund once.
 */
export async function requestRefundIn(
  trx: Db,
  order: RefundedOrder,
  request: RefundRequest,
  now: Date,
  /** The payment to refund; the order's own unless a second payment came in. */
  paymentReference: string | null = order.payment_intent_id,
  /** The part of the amount that gives the order's shipping back (issue 34). */
  shippingCents = 0,
): Promise<number | null> {
  const id = await orderRefundsRepository(trx).insert(
    order,
    request,
    paymentReference,
    now,
    shippingCents,
  );
  if (id !== null)
    await enqueue(trx, REFUND_JOB, { refund_id: id }, { now, key: request.idempotency_key });
  return id;
}

/** The provider an order was paid through: the running one, or a built-in one it no longer is. */
function providerFor(
  ctx: Pick<AppContext, 'config' | 'payments'>,
  name: PaymentProviderName,
): Payments {
  if (name === ctx.config.paymentProvider) return ctx.payments;
  if (name === 'stripe')
    throw new PermanentJobError(
      'PAYMENT_PROVIDER is no longer stripe: refund this order in the Stripe dashboard',
    );
  return builtinPayments(name);
}

/**
 * The refund job: asks the provider (with the refund's idempotency key) and records its
 * answer on the refund. A failure is noted on the refund, shown on the order, and
 * retried by the queue; after the last attempt the refund is `failed` for a person.
 */
export function registerRefundJob(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'payments' | 'config' | 'clock' | 'metrics'>,
  log: FastifyBaseLogger,
): void {
  const refunds = orderRefundsRepository(ctx.db);
  ctx.jobs.register<{ refund_id: number }>(REFUND_JOB, {
    maxAttempts: 8,
    backoffMs: exponentialBackoff(30_000, 30 * 60_000),
    async handle(job) {
      const refund = await refunds.byId(job.payload.refund_id);
      if (!refund || refund.state !== 'pending' || refund.provider_reference) return;
      const order = await ctx.db
        .selectFrom('orders')
        .select(['id', 'number', 'currency'])
        .where('id', '=', refund.order_id)
        .executeTakeFirstOrThrow();
      let result: RefundResult;
      try {
        result = await providerFor(ctx, refund.provider).refund(
          { ...order, paymentReference: refund.payment_reference },
          {
            amount_cents: refund.amount_cents,
            reason: refund.reason,
            idempotency_key: refund.idempotency_key,
          },
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await refunds.noteFailure(refund.id, message.slice(0, 500));
        throw error;
      }
      await refunds.settle(refund.id, result, ctx.clock.now());
      paymentOutcome({ log, metrics: ctx.metrics }, 'refunded', {
        order_id: refund.order_id,
        amount_cents: refund.amount_cents,
        state: result.state,
      });
    },
    async onGiveUp(job, error) {
      await refunds.noteFailure(job.payload.refund_id, error.slice(0, 500), 'failed');
      ctx.metrics.refunds.inc({ outcome: 'failed' });
      log.error({ refund: { id: job.payload.refund_id } }, 'refund failed: give it back by hand');
    },
  });
}
