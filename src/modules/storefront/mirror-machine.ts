import type { CatalogueChange } from './catalogue-version.js';

/**
 * The storefront mirror's decisions as a pure state machine: which read to run
 * next, when an index is installed, dropped or brought forward, and up to which
 * version it may answer. catalogue-mirror.ts runs the reads and holds the index;
 * this file never touches either, so every order of events can be tried in a
 * test (mirror-machine.test.ts).
 */

/** After a failed read, how long before a request may start another. */
export const RETRY_AFTER_MS = 1_000;
/** Changes waiting to be applied past which the index is loaded again instead. */
export const MAX_QUEUED = 10_000;

/** One life of memory as the catalogue version numbers it; a new one invalidates all. */
export interface Life {
  epoch: string;
  life: number;
}

/** A change waiting to be applied, with when it was heard (the index's lag is measured from then). */
export type Queued = CatalogueChange & { heardAt: number };

/** What is known while following a life; shared by every state but the first and last. */
export interface Following {
  life: Life;
  /** The version the installed index is as of; null when there is none. */
  at: number | null;
  /** Heard and not yet applied, in commit order. */
  queue: Queued[];
  /** A change of unknown scope was heard: only a whole load brings the index forward. */
  reload: boolean;
  /** A read asked for the index: it is loaded on demand, not at start. */
  wanted: boolean;
  /** When the last read failed (reads wait RETRY_AFTER_MS after it). */
  failedAt: number;
}

export type MirrorState =
  /** Nothing heard yet: nothing to follow, nothing to load. */
  | { kind: 'unfollowed'; wanted: boolean; failedAt: number }
  /** No read under way (caught up, or waiting for a reader, live notifications or the retry delay). */
  | { kind: 'idle'; f: Following }
  /** The whole snapshot is being read for the life `for`. */
  | { kind: 'loading'; f: Following; for: Life }
  /** The rows of `batch` are being read for the life `for`. */
  | { kind: 'applying'; f: Following; for: Life; batch: Queued[] }
  | { kind: 'closed' };

/** What happened. */
export type MirrorHappening =
  | { kind: 'changeHeard'; change: CatalogueChange }
  | { kind: 'readerAsked' }
  /** The whole snapshot landed: the epoch and version it is of (one transaction). */
  | { kind: 'snapshotRead'; epoch: string; version: number }
  /**
   * The changed items' rows landed, with the epoch the database had just after
   * they were read: a database does not go back to an epoch it left, so it is
   * the rows' own unless the data started another life meanwhile (then it is not
   * the one followed).
   */
  | { kind: 'rowsRead'; epoch: string }
  /** A read failed, or what it returned could not be applied. */
  | { kind: 'readFailed' }
  | { kind: 'closed' };

/** An event: what happened, with the time and whether notifications were live as it did. */
export type MirrorEvent = MirrorHappening & { now: number; live: boolean };

/** What the shell does, in order. */
export type MirrorEffect =
  | { kind: 'readSnapshot' }
  | { kind: 'readRows'; ids: number[]; tags: boolean }
  /** Build the index from the snapshot just read; it is as of `version`. */
  | { kind: 'install'; version: number }
  /** Put or remove each of the rows just read; the last change applied was heard at `heardAt`. */
  | { kind: 'apply'; heardAt: number }
  | { kind: 'drop' };

export interface Step {
  state: MirrorState;
  effects: MirrorEffect[];
}

export const initialMirror: MirrorState = {
  kind: 'unfollowed',
  wanted: false,
  failedAt: Number.NEGATIVE_INFINITY,
};

const sameLife = (a: Life, b: Life) => a.epoch === b.epoch && a.life === b.life;
const reading = (state: MirrorState) => state.kind === 'loading' || state.kind === 'applying';

/**
 * The next read, unconditionally (a read just landed and the work goes on):
 * a whole load when one is owed, else the queued changes' rows, else idle.
 */
function nextRead(f: Following, effects: MirrorEffect[]): Step {
  if (f.reload || f.at === null) {
    effects.push({ kind: 'readSnapshot' });
    return { state: { kind: 'loading', f: { ...f, reload: false }, for: f.life }, effects };
  }
  if (f.queue.length === 0) return { state: { kind: 'idle', f }, effects };
  const batch = f.queue;
  const ids = [...new Set(batch.flatMap((c) => (c.scope === '*' ? [] : c.scope.ids)))];
  const tags = batch.some((c) => c.scope !== '*' && c.scope.dims.includes('tags'));
  effects.push({ kind: 'readRows', ids, tags });
  return { state: { kind: 'applying', f: { ...f, queue: [] }, for: f.life, batch }, effects };
}

/**
 * A read may start: only when a reader wants the index, notifications can be
 * trusted (else every change would count as everything) and the last failure
 * is RETRY_AFTER_MS old.
 */
function maybeStart(f: Following, now: number, live: boolean, effects: MirrorEffect[]): Step {
  if (!f.wanted || !live || now - f.failedAt < RETRY_AFTER_MS) {
    return { state: { kind: 'idle', f }, effects };
  }
  return nextRead(f, effects);
}

function changeHeard(
  state: MirrorState,
  change: CatalogueChange,
  now: number,
  live: boolean,
): Step {
  if (state.kind === 'closed') return { state, effects: [] };
  const effects: MirrorEffect[] = [];
  const life = { epoch: change.epoch, life: change.life };
  let f: Following =
    state.kind === 'unfollowed'
      ? { life, at: null, queue: [], reload: true, wanted: state.wanted, failedAt: state.failedAt }
      : state.f;
  if (!sameLife(f.life, life)) {
    // Memory started over: nothing of the old life's index says anything now.
    if (f.at !== null) effects.push({ kind: 'drop' });
    f = { ...f, life, at: null, queue: [] };
  }
  const busy = state.kind === 'loading' || state.kind === 'applying';
  // Nothing loaded and nothing loading: the load to come reads it all. Nor is a
  // backlog kept past what a load costs less than. A change of everything drops
  // the index at once: no view from now on is one it could answer, and the load
  // to come then never holds two indexes (at a million items ~250 MB each).
  if ((f.at === null && !busy) || f.queue.length >= MAX_QUEUED || change.scope === '*') {
    if (f.at !== null) effects.push({ kind: 'drop' });
    f = { ...f, at: null, queue: [], reload: true };
  } else {
    f = { ...f, queue: [...f.queue, { ...change, heardAt: now }] };
  }
  // The read under way goes on; what it returns is weighed against `f` when it lands.
  if (state.kind === 'loading' || state.kind === 'applying')
    return { state: { ...state, f }, effects };
  return maybeStart(f, now, live, effects);
}

/**
 * What was read is of another epoch than the one followed: nothing is applied,
 * a whole load is owed, and none is tried before RETRY_AFTER_MS (each would read
 * the other epoch again until memory hears of it and starts over).
 */
function awaitingAnotherLife(f: Following, now: number, effects: MirrorEffect[]): Step {
  return { state: { kind: 'idle', f: { ...f, reload: true, failedAt: now } }, effects };
}

function snapshotRead(state: MirrorState, epoch: string, version: number, now: number): Step {
  if (state.kind !== 'loading') return { state, effects: [] };
  const effects: MirrorEffect[] = [];
  const f = state.f;
  // Outdated before it landed: memory started over, or a change of everything was heard.
  if (!sameLife(f.life, state.for) || f.reload) return nextRead(f, effects);
  // Another life of the data than memory follows: wait until memory starts over
  // (the whole load is still owed).
  if (epoch !== f.life.epoch) return awaitingAnotherLife(f, now, effects);
  effects.push({ kind: 'install', version });
  return nextRead(
    {
      ...f,
      at: version,
      reload: f.queue.some((c) => c.scope === '*' && c.version > version),
      queue: f.queue.filter((c) => c.version > version),
    },
    effects,
  );
}

function rowsRead(state: MirrorState, epoch: string, now: number): Step {
  if (state.kind !== 'applying') return { state, effects: [] };
  const effects: MirrorEffect[] = [];
  const f = state.f;
  // A reload asked for meanwhile reads everything this batch would have.
  if (!sameLife(f.life, state.for) || f.reload || f.at === null) return nextRead(f, effects);
  // Read from another life of the data (a restored database whose epoch is not
  // heard yet): its rows say nothing of this epoch's changes. The index stays as
  // of `at`, which it still is; only a whole load brings it further.
  if (epoch !== f.life.epoch) return awaitingAnotherLife(f, now, effects);
  const last = state.batch[state.batch.length - 1]!;
  effects.push({ kind: 'apply', heardAt: last.heardAt });
  return nextRead({ ...f, at: Math.max(f.at, last.version) }, effects);
}

/** Every transition, named after what happened. */
export function mirrorTransition(state: MirrorState, event: MirrorEvent): Step {
  const { now, live } = event;
  switch (event.kind) {
    case 'changeHeard':
      return changeHeard(state, event.change, now, live);
    case 'readerAsked':
      if (state.kind === 'unfollowed') return { state: { ...state, wanted: true }, effects: [] };
      if (state.kind !== 'idle') return { state, effects: [] };
      return maybeStart({ ...state.f, wanted: true }, now, live, []);
    case 'snapshotRead':
      return snapshotRead(state, event.epoch, event.version, now);
    case 'rowsRead':
      return rowsRead(state, event.epoch, now);
    case 'readFailed': {
      if (state.kind === 'unfollowed' || state.kind === 'closed') return { state, effects: [] };
      const f = state.f;
      const effects: MirrorEffect[] = f.at === null ? [] : [{ kind: 'drop' }];
      return {
        state: { kind: 'idle', f: { ...f, at: null, reload: true, failedAt: now } },
        effects,
      };
    }
    case 'closed':
      return { state: { kind: 'closed' }, effects: [] };
  }
}

/** What a state lets a storefront read do. */
export function readiness(state: MirrorState) {
  const f = state.kind === 'unfollowed' || state.kind === 'closed' ? null : state.f;
  return {
    reading: reading(state),
    /** The version the index answers for `life` up to; null when it answers nothing. */
    answersUpTo(life: Life): number | null {
      return f && f.at !== null && sameLife(f.life, life) ? f.at : null;
    },
    /**
     * Worth a short wait: a read under way will bring an index of `life` forward
     * (not when a whole load is owed after it, nor with no index to bring).
     */
    worthWaiting(life: Life): boolean {
      return !!f && f.at !== null && reading(state) && !f.reload && f.life.life === life.life;
    },
  };
}
