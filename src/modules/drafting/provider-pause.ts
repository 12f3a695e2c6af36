/**
 * Whether the drafting step may call the model server now (issue 30, item 19).
 *
 * A model server that cannot be reached is not a fault of the drafts waiting for
 * it: drafting pauses, costs no draft an attempt, and resumes by itself once the
 * server answers again. While paused, one call at a time (a real draft's) probes
 * it, after a wait that doubles from `firstProbeMs` up to `maxProbeMs` (or what
 * a 429's Retry-After asks, if longer).
 *
 *   reachable ──unreachable──▶ unreachable ──ask, probe due──▶ probing
 *       ▲                          ▲  ▲                          │
 *       │                          │  └────────abandoned─────────┤ (probe again at once)
 *       │                          └─────────unreachable─────────┤ (wait twice as long)
 *       └──────────────────────────answered──────────────────────┘
 *
 * "Unreachable" is an outage: no connection, a reset, a DNS failure, a timeout,
 * HTTP 5xx or 429. "Answered" is anything the server said itself, right or wrong
 * (a malformed answer, a 4xx refusal): those are the draft's to fail, not a pause.
 * `abandoned` is a permitted call that never reached the server (the draft was
 * gone, a photo unreadable). Every transition is this pure function; the shell
 * (provider-gate.ts) holds the state, reads the clock and runs the effects.
 */

export type ProviderState =
  | { kind: 'reachable' }
  | {
      kind: 'unreachable';
      /** When the pause began. */
      since: number;
      /** Failed calls in a row, probes included: the probe wait doubles with each. */
      failures: number;
      /** No call before this; the first ask from then on is the probe. */
      probeAt: number;
      reason: string;
    }
  | {
      kind: 'probing';
      since: number;
      failures: number;
      /** A probe not reported by then is taken as lost, and another may start. */
      until: number;
      reason: string;
    };

export type ProviderEvent =
  /** A draft is about to call the model. */
  | { kind: 'ask'; now: number }
  | { kind: 'answered'; now: number }
  | { kind: 'unreachable'; now: number; reason: string; retryAfterMs?: number }
  | { kind: 'abandoned'; now: number };

/** What an `ask` is told: call now, or wait (the draft is put back, no attempt spent). */
export type Decision =
  | { kind: 'call' }
  | { kind: 'wait'; until: number; since: number; reason: string };

export type Effect =
  | { kind: 'paused'; reason: string; probeAt: number }
  | { kind: 'resumed'; pausedMs: number };

export interface PauseTiming {
  firstProbeMs: number;
  maxProbeMs: number;
  /** How long a probe may take before it counts as lost: the model call's timeout and some. */
  probeLeaseMs: number;
  /** A Retry-After longer than this is held to it. */
  maxRetryAfterMs: number;
}

export interface Step {
  state: ProviderState;
  /** Only for `ask`. */
  decision?: Decision;
  effects: Effect[];
}

export const REACHABLE: ProviderState = { kind: 'reachable' };

/** The wait before the probe after `failures` failed calls in a row. */
export function probeDelay(failures: number, timing: PauseTiming, retryAfterMs = 0): number {
  const doubled = Math.min(timing.firstProbeMs * 2 ** Math.max(0, failures - 1), timing.maxProbeMs);
  return Math.max(doubled, Math.min(Math.max(0, retryAfterMs), timing.maxRetryAfterMs));
}

export function nextProviderState(
  state: ProviderState,
  event: ProviderEvent,
  timing: PauseTiming,
): Step {
  switch (event.kind) {
    case 'ask': {
      if (state.kind === 'reachable') return { state, decision: { kind: 'call' }, effects: [] };
      const due = state.kind === 'unreachable' ? state.probeAt : state.until;
      if (event.now < due)
        return {
          state,
          decision: { kind: 'wait', until: due, since: state.since, reason: state.reason },
          effects: [],
        };
      // This call is the probe (or replaces one that was lost).
      return {
        state: {
          kind: 'probing',
          since: state.since,
          failures: state.failures,
          until: event.now + timing.probeLeaseMs,
          reason: state.reason,
        },
        decision: { kind: 'call' },
        effects: [],
      };
    }
    case 'answered':
      if (state.kind === 'reachable') return { state, effects: [] };
      return {
        state: REACHABLE,
        effects: [{ kind: 'resumed', pausedMs: event.now - state.since }],
      };
    case 'unreachable': {
      if (state.kind === 'unreachable')
        // A call that began before the pause, failing late: nothing new.
        return { state, effects: [] };
      const failures = state.kind === 'probing' ? state.failures + 1 : 1;
      const probeAt = event.now + probeDelay(failures, timing, event.retryAfterMs);
      const since = state.kind === 'probing' ? state.since : event.now;
      return {
        state: { kind: 'unreachable', since, failures, probeAt, reason: event.reason },
        effects:
          state.kind === 'reachable' ? [{ kind: 'paused', reason: event.reason, probeAt }] : [],
      };
    }
    case 'abandoned':
      if (state.kind !== 'probing') return { state, effects: [] };
      // The probe never reached the server: the next ask probes at once.
      return {
        state: {
          kind: 'unreachable',
          since: state.since,
          failures: state.failures,
          probeAt: event.now,
          reason: state.reason,
        },
        effects: [],
      };
  }
}
