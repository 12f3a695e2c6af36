import type { WebhookDeliveryState, WebhookEndpointState } from '../../db/schema.js';
import { exponentialBackoff } from '../../jobs/job-queue.js';

/**
 * The two state machines of outbound webhooks, as pure functions (conventions:
 * state that lives on is a value; an event goes in, the next state comes out).
 * The repository stores what they return, each write fenced on the state it
 * was computed from, so two workers cannot both apply one step.
 *
 *   delivery: pending ─attempt→ delivering ─succeeded→ delivered
 *                                    │  ↑ attempt (the worker died: its claim lapsed)
 *                                    └─failed→ retrying ─attempt→ delivering
 *                                    └─failed, a day gone→ failed
 *             delivered | failed ─redeliver→ pending
 *
 *   endpoint: active ─a failure a day after the first of a run of failures→ disabled (mail the shop)
 *             active ─delivered→ active (the run of failures ends)
 *             disabled ─enable→ active
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** How long a delivery is tried, and how long an endpoint may fail before it is disabled. */
export const RETRY_WINDOW_MS = DAY;
/** 30 s doubling to an hour: 8 tries in the first hour, then hourly, about 30 in a day. */
export const webhookBackoff = exponentialBackoff(30 * SECOND, HOUR);

export interface Delivery {
  state: WebhookDeliveryState;
  attempts: number;
  /** When this round of attempts began (reset by a redelivery): the day of retries counts from it. */
  firstAttemptAt: Date | null;
  /**
   * Not before this may an attempt start: the retry's time, or, while delivering,
   * when the worker's claim lapses (then another may try: the first one died).
   */
  nextAttemptAt: Date | null;
  finishedAt: Date | null;
}

export type DeliveryEvent =
  /** `claimMs`: how long the attempt holds the delivery before another worker may take it. */
  | { kind: 'attempt'; at: Date; claimMs: number }
  | { kind: 'succeeded'; at: Date }
  /** `retryInMs`: the backoff after this failure (the job queue waits as long). */
  | { kind: 'failed'; at: Date; retryInMs: number }
  | { kind: 'redeliver'; at: Date };

const OPEN: readonly WebhookDeliveryState[] = ['pending', 'delivering', 'retrying'];

export const isOpen = (state: WebhookDeliveryState) => OPEN.includes(state);

/** The next state of a delivery, or null when the event does not apply to this state. */
export function nextDelivery(delivery: Delivery, event: DeliveryEvent): Delivery | null {
  switch (event.kind) {
    case 'attempt':
      // Not before its time; a delivering one only once its worker's claim lapsed (it died).
      // So a second job for one delivery never sends it twice at once.
      if (!isOpen(delivery.state)) return null;
      if (delivery.nextAttemptAt && delivery.nextAttemptAt > event.at) return null;
      return {
        state: 'delivering',
        attempts: delivery.attempts + 1,
        firstAttemptAt: delivery.firstAttemptAt ?? event.at,
        nextAttemptAt: new Date(event.at.getTime() + event.claimMs),
        finishedAt: null,
      };
    case 'succeeded':
      if (delivery.state !== 'delivering') return null;
      return { ...delivery, state: 'delivered', nextAttemptAt: null, finishedAt: event.at };
    case 'failed': {
      if (delivery.state !== 'delivering') return null;
      const started = (delivery.firstAttemptAt ?? event.at).getTime();
      const next = event.at.getTime() + event.retryInMs;
      // No attempt is scheduled past the day: the last one is the last inside it.
      if (next - started > RETRY_WINDOW_MS) {
        return { ...delivery, state: 'failed', nextAttemptAt: null, finishedAt: event.at };
      }
      return { ...delivery, state: 'retrying', nextAttemptAt: new Date(next), finishedAt: null };
    }
    case 'redeliver':
      if (isOpen(delivery.state)) return null;
      return {
        state: 'pending',
        attempts: delivery.attempts,
        firstAttemptAt: null,
        nextAttemptAt: event.at,
        finishedAt: null,
      };
  }
}

export interface Endpoint {
  state: WebhookEndpointState;
  /** The first failure of the current run of failures; null after a success. */
  failingSince: Date | null;
  disabledAt: Date | null;
}

export type EndpointEvent =
  | { kind: 'delivered'; at: Date }
  | { kind: 'failed'; at: Date }
  | { kind: 'enable'; at: Date };

export interface EndpointStep {
  endpoint: Endpoint;
  /** True exactly on the step that disables it: the shop is told once. */
  disabled: boolean;
}

export function nextEndpoint(endpoint: Endpoint, event: EndpointEvent): EndpointStep {
  const same = { endpoint, disabled: false };
  switch (event.kind) {
    case 'delivered':
      if (endpoint.state !== 'active') return same;
      return { endpoint: { ...endpoint, failingSince: null }, disabled: false };
    case 'failed': {
      if (endpoint.state !== 'active') return same;
      const failingSince = endpoint.failingSince ?? event.at;
      if (event.at.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS) {
        return {
          endpoint: { state: 'disabled', failingSince, disabledAt: event.at },
          disabled: true,
        };
      }
      return { endpoint: { ...endpoint, failingSince }, disabled: false };
    }
    case 'enable':
      return {
        endpoint: { state: 'active', failingSince: null, disabledAt: null },
        disabled: false,
      };
  }
}
