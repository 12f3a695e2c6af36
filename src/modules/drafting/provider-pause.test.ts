import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Decision,
  type Effect,
  nextProviderState,
  type PauseTiming,
  type ProviderEvent,
  type ProviderState,
  probeDelay,
  REACHABLE,
} from './provider-pause.js';

const timing: PauseTiming = {
  firstProbeMs: 30_000,
  maxProbeMs: 5 * 60_000,
  probeLeaseMs: 90_000,
  maxRetryAfterMs: 15 * 60_000,
};
const LONGEST_WAIT = Math.max(timing.maxProbeMs, timing.maxRetryAfterMs, timing.probeLeaseMs);

/**
 * The rules said the plainest way, as flags: paused or not, a probe out or not,
 * no call before `notBefore`. The machine must decide every ask as this does.
 */
function naiveModel() {
  let paused = false;
  let failures = 0;
  let notBefore = 0;
  let probeUntil: number | null = null;
  return {
    ask(now: number): 'call' | 'wait' {
      if (!paused) return 'call';
      if (probeUntil !== null && now < probeUntil) return 'wait';
      if (probeUntil === null && now < notBefore) return 'wait';
      probeUntil = now + timing.probeLeaseMs;
      return 'call';
    },
    answered() {
      paused = false;
      failures = 0;
      probeUntil = null;
    },
    unreachable(now: number, retryAfterMs?: number) {
      // A failure reported while paused and no probe out is a straggler: nothing new.
      if (paused && probeUntil === null) return;
      failures = paused ? failures + 1 : 1;
      paused = true;
      probeUntil = null;
      notBefore = now + probeDelay(failures, timing, retryAfterMs);
    },
    abandoned(now: number) {
      if (!paused || probeUntil === null) return;
      probeUntil = null;
      notBefore = now;
    },
  };
}

type Step = {
  after: number;
  event: 'ask' | 'answered' | 'unreachable' | 'abandoned';
  retry?: number;
};

const steps = fc.array(
  fc.record({
    after: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 * 60_000 })),
    event: fc.constantFrom('ask', 'ask', 'answered', 'unreachable', 'unreachable', 'abandoned'),
    retry: fc.option(fc.integer({ min: 0, max: 2 * 60 * 60_000 }), { nil: undefined }),
  }) as fc.Arbitrary<Step>,
  { maxLength: 200 },
);

function eventOf(step: Step, now: number): ProviderEvent {
  if (step.event === 'unreachable')
    return {
      kind: 'unreachable',
      now,
      reason: 'The model server could not be reached (ECONNREFUSED).',
      ...(step.retry !== undefined ? { retryAfterMs: step.retry } : {}),
    };
  return { kind: step.event, now };
}

describe('the model server pause (issue 30, item 19)', () => {
  it('decides every call as the plain model of the rules does, over random event orders and times', () => {
    fc.assert(
      fc.property(steps, (run) => {
        const model = naiveModel();
        let state: ProviderState = REACHABLE;
        let now = 1_000_000;
        for (const step of run) {
          now += step.after;
          const result = nextProviderState(state, eventOf(step, now), timing);
          state = result.state;
          if (step.event === 'ask') expect(result.decision?.kind).toBe(model.ask(now));
          else if (step.event === 'answered') model.answered();
          else if (step.event === 'unreachable') model.unreachable(now, step.retry);
          else model.abandoned(now);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('pauses and resumes in turn, waits are in the future and bounded, and a wait always ends in a call', () => {
    fc.assert(
      fc.property(steps, (run) => {
        let state: ProviderState = REACHABLE;
        let now = 1_000_000;
        const effects: Effect[] = [];
        for (const step of run) {
          now += step.after;
          const before = state;
          const result = nextProviderState(state, eventOf(step, now), timing);
          state = result.state;
          effects.push(...result.effects);
          // "paused" exactly when leaving reachable, "resumed" exactly when coming back.
          const left = before.kind === 'reachable' && state.kind !== 'reachable';
          const back = before.kind !== 'reachable' && state.kind === 'reachable';
          expect(result.effects.map((e) => e.kind)).toEqual(
            left ? ['paused'] : back ? ['resumed'] : [],
          );
          const decision: Decision | undefined = result.decision;
          if (decision?.kind === 'wait') {
            expect(decision.until).toBeGreaterThan(now);
            expect(decision.until - now).toBeLessThanOrEqual(LONGEST_WAIT);
            // Whoever waits until then is let through (or another probe is already out).
            const later = nextProviderState(state, { kind: 'ask', now: decision.until }, timing);
            expect(later.decision?.kind).toBe('call');
          }
        }
        expect(effects.map((e) => e.kind)).toEqual(
          effects.map((_, i) => (i % 2 === 0 ? 'paused' : 'resumed')),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('lets at most one probe out while paused, however many drafts ask', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 0, max: 10 * 60_000 }),
        (asking, wait) => {
          let state = nextProviderState(
            REACHABLE,
            { kind: 'unreachable', now: 0, reason: 'down' },
            timing,
          ).state;
          const now = wait;
          let calls = 0;
          for (let i = 0; i < asking; i++) {
            const result = nextProviderState(state, { kind: 'ask', now }, timing);
            state = result.state;
            if (result.decision?.kind === 'call') calls++;
          }
          expect(calls).toBe(now >= timing.firstProbeMs ? 1 : 0);
        },
      ),
    );
  });

  it('waits twice as long after each failed probe, up to the cap, or as long as a 429 asks', () => {
    let state = nextProviderState(
      REACHABLE,
      { kind: 'unreachable', now: 0, reason: 'down' },
      timing,
    ).state;
    const waits: number[] = [];
    let now = 0;
    for (let probe = 0; probe < 6; probe++) {
      if (state.kind !== 'unreachable') throw new Error(`expected unreachable, got ${state.kind}`);
      waits.push(state.probeAt - now);
      now = state.probeAt;
      state = nextProviderState(state, { kind: 'ask', now }, timing).state;
      state = nextProviderState(state, { kind: 'unreachable', now, reason: 'down' }, timing).state;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);

    const limited = nextProviderState(
      REACHABLE,
      { kind: 'unreachable', now: 0, reason: '429', retryAfterMs: 120_000 },
      timing,
    ).state;
    expect(limited).toMatchObject({ kind: 'unreachable', probeAt: 120_000 });
    const greedy = nextProviderState(
      REACHABLE,
      { kind: 'unreachable', now: 0, reason: '429', retryAfterMs: 24 * 60 * 60_000 },
      timing,
    ).state;
    expect(greedy).toMatchObject({ kind: 'unreachable', probeAt: timing.maxRetryAfterMs });
  });
});
