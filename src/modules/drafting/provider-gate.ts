import type { Clock } from '../../auth/clock.js';
import {
  type Decision,
  type Effect,
  nextProviderState,
  type PauseTiming,
  type ProviderEvent,
  type ProviderState,
  REACHABLE,
} from './provider-pause.js';

interface GateLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ProviderGateDeps {
  clock: Clock;
  timing: PauseTiming;
  log: GateLog;
  /** The server answers again: what waited should run now, not at its next probe time. */
  onResume(now: Date): Promise<void>;
}

/**
 * The shell around `nextProviderState` for one worker process: holds the state,
 * reads the clock, runs the effects (a log line when drafting pauses and when it
 * resumes, and `onResume`). Each process judges the server by its own calls.
 */
export function providerGate(deps: ProviderGateDeps) {
  let state: ProviderState = REACHABLE;

  /** The transition, then its effects; the state is changed before anything is awaited. */
  function step(event: ProviderEvent): { decision?: Decision; effects: Promise<void> } {
    const result = nextProviderState(state, event, deps.timing);
    state = result.state;
    return {
      ...(result.decision ? { decision: result.decision } : {}),
      effects: Promise.all(result.effects.map(run)).then(() => {}),
    };
  }

  async function run(effect: Effect): Promise<void> {
    if (effect.kind === 'paused') {
      deps.log.warn(
        { reason: effect.reason, next_try_at: new Date(effect.probeAt).toISOString() },
        'drafting paused: the model server cannot be reached',
      );
      return;
    }
    deps.log.info(
      { paused_seconds: Math.round(effect.pausedMs / 1000) },
      'drafting resumed: the model server answers again',
    );
    try {
      await deps.onResume(deps.clock.now());
    } catch (error) {
      // The drafts that waited still run at their own time; only the early start is lost.
      deps.log.warn({ err: error }, 'waiting drafts not brought forward');
    }
  }

  const now = () => deps.clock.now().getTime();

  return {
    /** Before a call: go ahead, or wait until a time (nothing is spent meanwhile). */
    ask: (): Decision => step({ kind: 'ask', now: now() }).decision!,
    /** The server said something, right or wrong; resolves once what waited was brought forward. */
    answered: (): Promise<void> => step({ kind: 'answered', now: now() }).effects,
    /** The call met an outage; how long a draft put back now should wait. */
    async unreachable(reason: string, retryAfterMs?: number): Promise<number> {
      await step({
        kind: 'unreachable',
        now: now(),
        reason,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      }).effects;
      const due =
        state.kind === 'unreachable'
          ? state.probeAt
          : state.kind === 'probing'
            ? state.until
            : now();
      return Math.max(0, due - now());
    },
    /** A permitted call that never reached the server. */
    abandoned: (): Promise<void> => step({ kind: 'abandoned', now: now() }).effects,
  };
}

export type ProviderGate = ReturnType<typeof providerGate>;
