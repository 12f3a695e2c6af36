import type {
  CatalogueChange,
  CatalogueView,
  NumberedVersion,
  Scope,
} from './catalogue-version.js';
import { type ChangeLog, changedSince, recordChange, startLog } from './change-log.js';

/**
 * The catalogue version kept in memory, as a state machine (catalogue-version.ts
 * is the shell that hears, reads and waits):
 *
 *   unloaded ──version read──▶ following ◀──version read── unsure
 *      ▲  (announcements kept     │  ▲                        ▲
 *      │   until then)            │  └──own commit numbered───┤ (stays following, waits for it)
 *      │                          ├──other commit here────────┤
 *      │                          └──another epoch heard──────┘ (starts over)
 *      └──────────────feed reset, from any state
 *
 * `following`: memory may answer without a read until the recheck is due.
 * `unsure`: what was heard stays true, but the version must be read before an
 * answer. A read answers in `unsure` too; it makes the state `following` only when
 * notifications are live and nothing this process wrote may postdate it.
 *
 * Invariants (checked by version-machine.test.ts against a model that remembers
 * every commit): an answer never runs ahead of the database; an answer of a life
 * says "changed" for every commit of that life up to its version that touched
 * what is asked (it may say so more often); every such commit was told to
 * followers, itself or as a change of everything, by the time it is answered.
 */

/** Even while notifications are live, read the version again this often (a dead connection may not say so). */
export const VERSION_RECHECK_MS = 5_000;

/** Announcements kept before the first read; past that, the highest stands for all as `*`. */
const EARLY_KEPT = 1_000;

export type Announcement = NumberedVersion & { scope: Scope };

interface Counters {
  /** Lives started so far: each start-over numbers its log with the next. */
  lives: number;
  /** Bumped by a feed reset or a commit of this process: a read begun before may predate a write. */
  generation: number;
}

interface Remembering extends Counters {
  log: ChangeLog;
  /** The highest version heard or read whose scope `log` accounts for. */
  known: number;
}

export type VersionState =
  /** Nothing remembered: the next read starts a life. Announcements heard meanwhile wait for it. */
  | (Counters & { kind: 'unloaded'; early: readonly Announcement[] })
  | (Remembering & { kind: 'unsure' })
  | (Remembering & {
      kind: 'following';
      /** When the read began that last confirmed memory. */
      checkedAt: number;
      /** This process's last catalogue commit, while its announcement may be on its way (0025). */
      ownCommit: number;
    });

/** A state with a life in memory. */
type Loaded = Exclude<VersionState, { kind: 'unloaded' }>;

export const UNLOADED: VersionState = { kind: 'unloaded', lives: 0, generation: 0, early: [] };

/** What an answer vouches for. */
export type Answer =
  /** Every change of its life up to `version` is in `log`, and was told to followers. */
  | { kind: 'remembered'; log: ChangeLog; version: number }
  /** A read begun before this process's last write: nothing before its version is vouched for. */
  | { kind: 'unvouched'; log: ChangeLog; version: number }
  /** Memory started over while it was read: valid at exactly its version. */
  | { kind: 'alone'; value: NumberedVersion };

export type RememberedAnswer = Extract<Answer, { kind: 'remembered' }>;

export interface Step {
  state: VersionState;
  /** To tell followers, in this order. */
  changes: CatalogueChange[];
}

export type ReadOutcome =
  | { kind: 'answer'; answer: Answer }
  /** The read found commits not heard of: wait a moment for their announcements, then `announcementWaitEnded`. */
  | { kind: 'waitForAnnouncements'; upTo: number };

/** What a read remembers of when it began. */
export interface ReadTicket {
  generation: number;
  /** The life memory was in (null: unloaded). */
  life: number | null;
  startedAt: number;
}

/** How the shell answers a call for the version now. */
export type Decision =
  | { kind: 'answer'; answer: RememberedAnswer }
  | { kind: 'awaitOwnCommit'; life: number; version: number }
  | { kind: 'read' };

const unchanged = (state: VersionState): Step => ({ state, changes: [] });

/** The version memory accounts for (0 when unloaded): waits up to it are over. */
export function knownVersion(state: VersionState): number {
  return state.kind === 'unloaded' ? 0 : state.known;
}

export function readTicket(state: VersionState, now: number): ReadTicket {
  return {
    generation: state.generation,
    life: state.kind === 'unloaded' ? null : state.log.life,
    startedAt: now,
  };
}

/** Whether memory may answer now, without a read. */
export function answerFromMemory(state: VersionState, now: number, live: boolean): Decision {
  if (state.kind !== 'following' || !live) return { kind: 'read' };
  const age = now - state.checkedAt;
  if (age < 0 || age >= VERSION_RECHECK_MS) return { kind: 'read' };
  if (state.ownCommit > state.known) {
    return { kind: 'awaitOwnCommit', life: state.log.life, version: state.ownCommit };
  }
  return { kind: 'answer', answer: remembered(state) };
}

/** The view an answer gives to callers. */
export function viewOf(answer: Answer): CatalogueView {
  if (answer.kind === 'alone') {
    const { epoch, version } = answer.value;
    return {
      epoch,
      version,
      life: -1,
      tag: `${epoch}-${version}`,
      changedSince: (since) => since < version,
    };
  }
  const { log, version } = answer;
  const floor = answer.kind === 'unvouched' ? version : 0;
  return {
    epoch: log.epoch,
    version,
    life: log.life,
    tag: `${log.epoch}-${version}`,
    changedSince: (since, dims, ids) => since < floor || changedSince(log, since, dims, ids),
  };
}

/** `state`'s log and known version with a change recorded, and the change to tell. */
function recorded<S extends Remembering>(
  state: S,
  version: number,
  scope: Scope,
  into: Step['changes'],
): S {
  into.push({ epoch: state.log.epoch, life: state.log.life, version, scope });
  return {
    ...state,
    log: recordChange(state.log, version, scope),
    known: Math.max(state.known, version),
  };
}

/** A new life at `version`: nothing of it is known from before, so it begins with a change of everything. */
function startedOver(state: VersionState, at: NumberedVersion, into: Step['changes']): Remembering {
  const life = state.lives + 1;
  into.push({ epoch: at.epoch, life, version: at.version, scope: '*' });
  return {
    lives: life,
    generation: state.generation,
    log: startLog(at.epoch, life, at.version),
    known: at.version,
  };
}

/**
 * An announcement heard. A plain one (`<epoch>:<version>`) follows the scoped
 * one of the same commit: already heard then, and a change of everything only
 * from a database that does not scope its announcements (0024).
 */
function heard(state: VersionState, announced: Announcement, plain: boolean): Step {
  if (state.kind === 'unloaded') {
    const same = (a: Announcement) =>
      a.epoch === announced.epoch && a.version === announced.version;
    if (plain && state.early.some(same)) return unchanged(state);
    let early = [...state.early, announced];
    if (early.length > EARLY_KEPT) {
      const last = early.reduce((a, b) => (b.version > a.version ? b : a));
      early = [{ ...last, scope: '*' }];
    }
    return unchanged({ ...state, early });
  }
  const changes: CatalogueChange[] = [];
  if (announced.epoch !== state.log.epoch) {
    // A restore: read once in the new life before answering from memory.
    return { state: { ...startedOver(state, announced, changes), kind: 'unsure' }, changes };
  }
  if (plain && announced.version <= state.known) return unchanged(state);
  return { state: recorded(state, announced.version, announced.scope, changes), changes };
}

export function scopedAnnouncementHeard(state: VersionState, announced: Announcement): Step {
  return heard(state, announced, false);
}

export function plainAnnouncementHeard(state: VersionState, announced: NumberedVersion): Step {
  return heard(state, { ...announced, scope: '*' }, true);
}

/** Delivery stopped or started again: announcements may have been missed, nothing remembered is trusted. */
export function feedReset(state: VersionState): Step {
  return unchanged({
    kind: 'unloaded',
    lives: state.lives,
    generation: state.generation + 1,
    early: [],
  });
}

/**
 * This process committed a write; `own` is the catalogue version it was
 * numbered, when it wrote the catalogue (0025).
 */
export function committedHere(state: VersionState, own: NumberedVersion | null): Step {
  const generation = state.generation + 1;
  if (own && state.kind === 'following' && own.epoch === state.log.epoch) {
    // Already heard (most commits): memory has this write.
    if (own.version <= state.known) return unchanged(state);
    // On its way: the next answer waits for it, not for a read.
    return unchanged({ ...state, generation, ownCommit: Math.max(state.ownCommit, own.version) });
  }
  // What was heard stays true; only the version must be read again.
  if (state.kind === 'unloaded') return unchanged({ ...state, generation });
  const { lives, log, known } = state;
  return unchanged({ kind: 'unsure', lives, generation, log, known });
}

/** Memory confirmed by a read that began at `read`, if nothing may postdate it. */
function confirmed(state: Loaded, read: ReadTicket, live: boolean): VersionState {
  if (read.generation !== state.generation || !live) return state;
  const { lives, generation, log, known } = state;
  const ownCommit = state.kind === 'following' ? state.ownCommit : 0;
  return { kind: 'following', lives, generation, log, known, checkedAt: read.startedAt, ownCommit };
}

/** A read of the version came back. */
export function versionRead(
  state: VersionState,
  read: ReadTicket,
  value: NumberedVersion,
  live: boolean,
): Step & { outcome: ReadOutcome } {
  const log = state.kind === 'unloaded' ? null : state.log;
  // Only a read begun in the life memory is in may start the next: one begun
  // before memory started over (another epoch heard) may be of the epoch before.
  const sameLife = read.life === (log?.life ?? null);
  if (read.generation === state.generation && sameLife && log?.epoch !== value.epoch) {
    return lifeStartedByRead(state, read, value, live);
  }
  if (!log || log.life !== read.life || log.epoch !== value.epoch) {
    return { ...unchanged(state), outcome: answered({ kind: 'alone', value }) };
  }
  if (value.version > knownVersion(state) && live) {
    return { ...unchanged(state), outcome: { kind: 'waitForAnnouncements', upTo: value.version } };
  }
  const ended = announcementWaitEnded(state, read, value, live);
  return { state: ended.state, changes: ended.changes, outcome: answered(ended.answer) };
}

/** The first read, or a life of the data never heard of: nothing before it counts. */
function lifeStartedByRead(
  state: VersionState,
  read: ReadTicket,
  value: NumberedVersion,
  live: boolean,
): Step & { outcome: ReadOutcome } {
  const early = state.kind === 'unloaded' ? state.early : [];
  if (early.some((a) => a.epoch !== value.epoch)) {
    // Announced and read from different lives of the data: trust neither to last.
    // What was heard is let go, so a read begun before it was heard (one that may
    // predate those commits) must not start a life below them: as after a feed reset,
    // only reads begun from now on may.
    const { lives, generation } = state;
    return {
      state: { kind: 'unloaded', lives, generation: generation + 1, early: [] },
      changes: [],
      outcome: answered({ kind: 'alone', value }),
    };
  }
  const changes: CatalogueChange[] = [];
  let started = startedOver(state, value, changes);
  for (const a of early)
    if (a.version > value.version) started = recorded(started, a.version, a.scope, changes);
  const next = confirmed({ ...started, kind: 'unsure' }, read, live);
  return { state: next, changes, outcome: answered(remembered(started)) };
}

const answered = (answer: Answer): ReadOutcome => ({ kind: 'answer', answer });
const remembered = (state: Remembering): RememberedAnswer => ({
  kind: 'remembered',
  log: state.log,
  version: state.known,
});

/**
 * A read's wait for announcements up to its version is over (they came, or
 * ANNOUNCEMENT_WAIT_MS passed): one still unheard is counted as a change of
 * everything.
 */
export function announcementWaitEnded(
  state: VersionState,
  read: ReadTicket,
  value: NumberedVersion,
  live: boolean,
): Step & { answer: Answer } {
  if (
    state.kind === 'unloaded' ||
    state.log.life !== read.life ||
    state.log.epoch !== value.epoch
  ) {
    return { ...unchanged(state), answer: { kind: 'alone', value } };
  }
  const changes: CatalogueChange[] = [];
  let current: typeof state = state;
  if (value.version > state.known) {
    if (read.generation !== state.generation) {
      // A read that began before this process's last write only answers by it.
      return {
        ...unchanged(state),
        answer: { kind: 'unvouched', log: state.log, version: value.version },
      };
    }
    current = recorded(state, value.version, '*', changes);
  }
  return { state: confirmed(current, read, live), changes, answer: remembered(current) };
}

/**
 * The wait for this process's own commit `version` is over. One never heard is
 * committed all the same: counted as a read that found it would count it.
 */
export function ownCommitWaitEnded(state: VersionState, life: number, version: number): Step {
  if (state.kind === 'unloaded' || state.log.life !== life || state.known >= version) {
    return unchanged(state);
  }
  const changes: CatalogueChange[] = [];
  return { state: recorded(state, version, '*', changes), changes };
}
