import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../observability/metrics.js';

/**
 * Every outcome of a payment the shop acts on, named once: a hosted page opened, a
 * payment received or still settling, an order given up unpaid, a refund asked for or
 * given, an event seen before or of no concern. Each is reported through
 * `paymentOutcome` alone, so counting them is one line there.
 */
export type PaymentOutcome =
  | 'page_opened'
  | 'paid'
  | 'processing'
  | 'unpaid_cancelled'
  | 'refund_requested'
  | 'refunded'
  | 'duplicate_event'
  | 'ignored_event';

/** Where an outcome is told: the log, and the counters (shop_payments_total, shop_refunds_total). */
export interface PaymentObserver {
  log: Pick<FastifyBaseLogger, 'info'>;
  metrics: Pick<Metrics, 'payments' | 'refunds'>;
}

export function paymentOutcome(
  observer: PaymentObserver,
  outcome: PaymentOutcome,
  details: Record<string, unknown> = {},
): void {
  observer.log.info({ payment: { outcome, ...details } }, `payment ${outcome.replace(/_/g, ' ')}`);
  if (outcome === 'refund_requested') observer.metrics.refunds.inc({ outcome: 'requested' });
  else if (outcome === 'refunded') observer.metrics.refunds.inc({ outcome: 'refunded' });
  else observer.metrics.payments.inc({ outcome });
}
