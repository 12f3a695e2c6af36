import type { FastifyBaseLogger } from 'fastify';

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

export function paymentOutcome(
  log: Pick<FastifyBaseLogger, 'info'>,
  outcome: PaymentOutcome,
  details: Record<string, unknown> = {},
): void {
  log.info({ payment: { outcome, ...details } }, `payment ${outcome.replace(/_/g, ' ')}`);
}
