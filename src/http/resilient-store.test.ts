import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOwed, type Owed, type OwedEvent } from './owed-counts.js';
import {
  type Callback,
  ResilientStore,
  type SharedLink,
  type SharedStore,
  type Store,
} from './resilient-store.js';

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => Store;

const WINDOW = 60 * 60_000;
const MAX = 3;

/** Redis as the stores see it: counters, up or down, the next calls failing on demand. */
class FakeShared implements SharedStore {
  constructor(
    readonly counts: Map<string, number>,
    readonly state: { up: boolean },
  ) {}
  incr(key: string, cb: Callback): void {
    if (!this.state.up) {
      cb(new Error('down'));
      return;
    }
    const current = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, current);
    cb(null, { current, ttl: WINDOW });
  }
  carry(key: string, count: number, _ttl: number, cb: (error: Error | null) => void): void {
    if (!this.state.up) {
      cb(new Error('down'));
      return;
    }
    this.counts.set(key, (this.counts.get(key) ?? 0) + count);
    cb(null);
  }
  child(): SharedStore {
    return this;
  }
}

/** One instance's view of the link: usable while up; listeners told when it returns. */
function fakeLink(state: { up: boolean }) {
  let down = false;
  const listeners: Array<() => void> = [];
  const link: SharedLink = {
    usable: () => state.up,
    wentDown: () => {
      down = true;
    },
    cameBack: () => {
      if (!down) return;
      down = false;
      for (const l of listeners) l();
    },
    onReturn: (listener) => void listeners.push(listener),
  };
  return {
    link,
    /** Redis answered again (ioredis 'ready'): what the wiring does. */
    returned: () => {
      down = false;
      for (const l of listeners) l();
    },
  };
}

function instance(counts: Map<string, number>, state: { up: boolean }) {
  const { link, returned } = fakeLink(state);
  const store = new ResilientStore(
    new FakeShared(counts, state),
    new LocalStore(false, false, 1000),
    link,
  );
  let allowed = 0;
  return {
    request(key: string): void {
      store.incr(
        key,
        (_error, result) => {
          if (result && result.current <= MAX) allowed++;
        },
        WINDOW,
        MAX,
      );
    },
    returned,
    get allowed() {
      return allowed;
    },
  };
}

type Step = { kind: 'request'; who: number; key: string } | { kind: 'down' } | { kind: 'up' };

const steps = (instances: number) =>
  fc.array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('request' as const),
          who: fc.integer({ min: 0, max: instances - 1 }),
          key: fc.constantFrom('customer:1', 'customer:2'),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'down' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'up' as const }) },
    ),
    { maxLength: 40 },
  );

function play(instanceCount: number, script: Step[]) {
  const counts = new Map<string, number>();
  const state = { up: true };
  const all = Array.from({ length: instanceCount }, () => instance(counts, state));
  const requests = new Map<string, number>();
  for (const step of script) {
    if (step.kind === 'down') state.up = false;
    else if (step.kind === 'up') {
      state.up = true;
      for (const one of all) one.returned();
    } else {
      all[step.who]!.request(step.key);
      requests.set(step.key, (requests.get(step.key) ?? 0) + 1);
    }
  }
  // Redis back for good: every instance hears it.
  state.up = true;
  for (const one of all) one.returned();
  return { counts, requests, all };
}

describe('rate-limit counts across a Redis outage (spec 8, issue 31 item 4)', () => {
  it('one instance: whatever the outages, no more than the allowance per window, and Redis ends with every request counted', () => {
    fc.assert(
      fc.property(steps(1), (script) => {
        const { counts, requests, all } = play(1, script);
        // Two keys, each allowed MAX in the window.
        expect(all[0]!.allowed).toBeLessThanOrEqual(2 * MAX);
        for (const [key, n] of requests) expect(counts.get(key)).toBe(n);
      }),
      { numRuns: 500 },
    );
  });

  it('several instances: once Redis is back, it holds every request any of them counted in memory', () => {
    fc.assert(
      fc.property(steps(3), (script) => {
        const { counts, requests } = play(3, script);
        for (const [key, n] of requests) expect(counts.get(key)).toBe(n);
      }),
      { numRuns: 500 },
    );
  });

  it('the issue’s case: three resends spent in memory, Redis returns: the fourth is refused', () => {
    const counts = new Map<string, number>();
    const state = { up: false };
    const one = instance(counts, state);
    for (let i = 0; i < MAX; i++) one.request('customer:7');
    expect(one.allowed).toBe(MAX);
    state.up = true;
    one.returned();
    one.request('customer:7');
    expect(one.allowed).toBe(MAX);
    expect(counts.get('customer:7')).toBe(MAX + 1);
  });
});

describe('owed counts (pure transitions)', () => {
  const event = fc.oneof(
    fc.record({
      kind: fc.constant('counted' as const),
      now: fc.constant(0),
      windowMs: fc.constant(WINDOW),
    }),
    fc.constant({ kind: 'taken' as const }),
  );

  it('against a model: what is owed is what was counted since the last take, plus what was given back', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(event, fc.boolean()), { maxLength: 30 }), (script) => {
        let entry: Owed | undefined;
        let model = 0;
        for (const [e, giveBack] of script) {
          const before = entry;
          entry = nextOwed(entry, e as OwedEvent, 0);
          if (e.kind === 'counted') model += 1;
          else if (giveBack && before) {
            // A carry that failed: the taken counts come back.
            entry = nextOwed(entry, { kind: 'given-back', owed: before }, 0);
          } else model = 0;
          expect(entry?.count ?? 0).toBe(model);
        }
      }),
    );
  });

  it('counts of a window that has ended are owed to nobody', () => {
    const entry = nextOwed(undefined, { kind: 'counted', now: 0, windowMs: 1_000 }, 0);
    expect(nextOwed(entry, { kind: 'counted', now: 1_000, windowMs: 1_000 }, 1_000)).toEqual({
      count: 1,
      until: 2_000,
    });
    expect(nextOwed(undefined, { kind: 'given-back', owed: entry! }, 1_000)).toBeUndefined();
  });
});
