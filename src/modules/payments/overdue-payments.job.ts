import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { HostedCheckout, PaymentEvent } from '../commerce/payments.js';
import { hostedOrdersRepository } from '../orders/hosted-orders.repository.js';
import type { OrderRow } from '../orders/orders.repository.js';
import type { PaymentEventsService } from './payment-events.service.js';

export const SETTLE_OVERDUE_PAYMENTS_JOB = 'payments.settle-overdue';
const EVERY_MS = 5 * 60_000;
const BATCH = 50;
/**
 * Asked this long after the page closed: Stripe's word on the session is final by then,
 * and it is well within the claim's margin, so a payment the event never reported still
 * finds its items held (the hold sweeper waits the whole margin).
 */
const ASK_AFTER_MS = 2 * 60_000;

/**
 * An order still waiting on its hosted page after the page (or its settling payment)
 * ran out: the event never came, or the process
 * died before the page was opened. Stripe is asked what became of the session, and that
 * answer is acted on exactly as its event would be (one transaction, once by its id):
 * paid → sold or refunded; open → expired first; anything else → cancelled.
 */
async function whatBecameOf(hosted: HostedCheckout, row: OrderRow): Promise<PaymentEvent> {
  const noPage = !row.payment_url && !row.payment_processing_at;
  let session = noPage ? null : await hosted.retrieve(row.payment_reference);
  if (session?.status === 'open') session = await hosted.expire(session.id);
  const kind: PaymentEvent['kind'] = session?.paid
    ? 'paid'
    : session?.status === 'complete'
      ? 'failed'
      : 'expired';
  return {
    id: `overdue-${row.id}-${kind}`,
    type: `shop.overdue.${kind}`,
    kind,
    orderId: row.id,
    sessionId: row.payment_reference,
    paymentReference: session?.paymentReference ?? null,
    amountCents: session?.amountCents ?? null,
    currency: session?.currency ?? null,
  };
}

/** The recurring job that settles overdue hosted payments (every 5 minutes, once across instances). */
export function registerOverduePayments(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>,
  hosted: HostedCheckout,
  events: PaymentEventsService,
  log: FastifyBaseLogger,
): void {
  ctx.jobs.register(SETTLE_OVERDUE_PAYMENTS_JOB, {
    everyMs: EVERY_MS,
    maxAttempts: 1, // the next run is the retry
    async handle() {
      const before = new Date(ctx.clock.now().getTime() - ASK_AFTER_MS);
      const overdue = await hostedOrdersRepository(ctx.db).hostedPastDeadline(before, BATCH);
      for (const row of overdue) {
        try {
          await events.act('stripe', await whatBecameOf(hosted, row));
        } catch (error) {
          log.warn({ err: error, order: { id: row.id } }, 'overdue payment not settled; retried');
        }
      }
    },
  });
}
