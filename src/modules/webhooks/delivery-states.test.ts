import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY,
  type Delivery,
  type DeliveryEvent,
  type Endpoint,
  type EndpointEvent,
  nextDelivery,
  nextEndpoint,
  RETRY_WINDOW_MS,
  webhookBackoff,
} from './delivery-states.js';

const start = new Date('2026-05-01T10:00:00Z');
const CLAIM_MS = 60_000;

/** A run of events some minutes to hours apart, each kind at random. */
const deliveryEvents = fc.array(
  fc.record({
    kind: fc.constantFrom('attempt', 'succeeded', 'failed', 'redeliver'),
    gapMs: fc.integer({ min: 0, max: 3 * 60 * 60_000 }),
    attempt: fc.integer({ min: 1, max: 40 }),
  }),
  { maxLength: 120 },
);

describe('webhook delivery states', () => {
  it('follow a simple model: open until delivered or a day of failures, redelivered only when closed', () => {
    fc.assert(
      fc.property(deliveryEvents, (steps) => {
        let delivery: Delivery = {
          state: 'pending',
          attempts: 0,
          firstAttemptAt: null,
          nextAttemptAt: start,
          finishedAt: null,
        };
        // The model: a flag for "a worker is sending", attempts counted, the round's start.
        let sending = false;
        let closed: 'delivered' | 'failed' | null = null;
        let attempts = 0;
        let roundStart: number | null = null;
        // Not before: the retry time, or while sending the claim's end.
        let notBefore = start.getTime();
        let now = start.getTime();
        for (const step of steps) {
          now += step.gapMs;
          const at = new Date(now);
          const event: DeliveryEvent =
            step.kind === 'failed'
              ? { kind: 'failed', at, retryInMs: webhookBackoff(step.attempt) }
              : step.kind === 'attempt'
                ? { kind: 'attempt', at, claimMs: CLAIM_MS }
                : { kind: step.kind, at };
          const next = nextDelivery(delivery, event);
          switch (event.kind) {
            case 'attempt': {
              const may = closed === null && now >= notBefore;
              expect(next !== null).toBe(may);
              if (may) {
                sending = true;
                attempts++;
                roundStart ??= now;
                notBefore = now + CLAIM_MS;
              }
              break;
            }
            case 'succeeded':
              expect(next !== null).toBe(sending);
              if (sending) {
                sending = false;
                closed = 'delivered';
              }
              break;
            case 'failed':
              expect(next !== null).toBe(sending);
              if (sending) {
                sending = false;
                // Failed for good once the next try would fall past a day from the round's start.
                if (now + event.retryInMs - roundStart! > RETRY_WINDOW_MS) closed = 'failed';
                else {
                  expect(next!.nextAttemptAt!.getTime()).toBe(now + event.retryInMs);
                  notBefore = now + event.retryInMs;
                }
              }
              break;
            case 'redeliver':
              expect(next !== null).toBe(closed !== null);
              if (closed !== null) {
                closed = null;
                roundStart = null;
                notBefore = now;
              }
              break;
          }
          if (next) delivery = next;
          const expected =
            closed ?? (sending ? 'delivering' : roundStart === null ? 'pending' : 'retrying');
          expect(delivery.state).toBe(expected);
          expect(delivery.attempts).toBe(attempts);
          expect(delivery.firstAttemptAt?.getTime() ?? null).toBe(roundStart);
          // A retry is never scheduled past the day of its round.
          if (delivery.state === 'retrying' && delivery.nextAttemptAt && delivery.firstAttemptAt) {
            expect(
              delivery.nextAttemptAt.getTime() - delivery.firstAttemptAt.getTime(),
            ).toBeLessThanOrEqual(RETRY_WINDOW_MS);
          }
        }
      }),
    );
  });

  it('back off from 30 seconds to an hour, so a day holds about thirty tries', () => {
    expect([1, 2, 3, 8, 9, 30].map(webhookBackoff)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    let elapsed = 0;
    let tries = 1;
    while (elapsed + webhookBackoff(tries) <= DAY) elapsed += webhookBackoff(tries++);
    expect(tries).toBeGreaterThanOrEqual(28);
    expect(tries).toBeLessThanOrEqual(32);
  });
});

const endpointEvents = fc.array(
  fc.record({
    kind: fc.constantFrom('delivered', 'failed', 'enable'),
    gapMs: fc.integer({ min: 0, max: 6 * 60 * 60_000 }),
  }),
  { maxLength: 80 },
);

describe('webhook endpoint states', () => {
  it('is disabled exactly when failures ran unbroken for a day, and the shop is told once per disable', () => {
    fc.assert(
      fc.property(endpointEvents, (steps) => {
        let endpoint: Endpoint = { state: 'active', failingSince: null, disabledAt: null };
        let runStart: number | null = null;
        let disabled = false;
        let now = start.getTime();
        for (const step of steps) {
          now += step.gapMs;
          const event = { kind: step.kind, at: new Date(now) } as EndpointEvent;
          const next = nextEndpoint(endpoint, event);
          let told = false;
          if (event.kind === 'enable') {
            disabled = false;
            runStart = null;
          } else if (!disabled && event.kind === 'delivered') {
            runStart = null;
          } else if (!disabled && event.kind === 'failed') {
            runStart ??= now;
            if (now - runStart >= DAY) {
              disabled = true;
              told = true;
            }
          }
          expect(next.disabled).toBe(told);
          endpoint = next.endpoint;
          expect(endpoint.state).toBe(disabled ? 'disabled' : 'active');
          expect(endpoint.failingSince?.getTime() ?? null).toBe(runStart);
        }
      }),
    );
  });
});
