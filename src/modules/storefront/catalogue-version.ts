import type { Clock } from '../../auth/clock.js';
import { CHANNELS, type Notifications } from '../../db/notifications.js';
import type { ChangeLog } from './change-log.js';
import {
  announcementWaitEnded,
  answerFromMemory,
  committedHere,
  feedReset,
  knownVersion,
  ownCommitWaitEnded,
  plainAnnouncementHeard,
  readTicket,
  type Step,
  scopedAnnouncementHeard,
  UNLOADED,
  type VersionState,
  versionRead,
  viewOf,
} from './version-machine.js';

export { VERSION_RECHECK_MS } from './version-machine.js';

/**
 * How long a read that found commits not yet heard of waits for their
 * announcements (they are on their way: PostgreSQL sends them at commit) before
 * it gives up and treats them as having changed everything. It resolves as soon
 * as they arrive (within a millisecond or two on an idle server); the whole wait
 * is paid only when one was lost, so it is generous enough for a busy machine.
 */
export const ANNOUNCEMENT_WAIT_MS = 250;

/** A catalogue version as the database numbers it (migration 0014). */
export interface NumberedVersion {
  /** Names this life of the data: changes on a restore or a re-run migration. */
  epoch: string;
  /** Grows with every committed catalogue write, in commit order. */
  version: number;
}

/** What a catalogue change may alter, as migrations 0024 and 0090 announce it. */
export const DIMENSIONS = [
  'visibility',
  'price',
  'status',
  'category',
  'tags',
  'text',
  'condition',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The scope of one commit: everything, or some dimensions and item ids. */
export type Scope = '*' | { dims: Dimension[]; ids: number[] };

/** The catalogue as one read sees it. */
export interface CatalogueView {
  epoch: string;
  version: number;
  /** Changes when memory started over: nothing remembered before says anything now. */
  life: number;
  /** `<epoch>-<version>`, the part of an ETag that changes. */
  tag: string;
  /**
   * Whether anything that `dims` or `ids` depend on may have been committed
   * after version `since` (of this view's epoch and life). A change whose scope
   * is unknown counts as touching everything.
   */
  changedSince(since: number, dims: readonly Dimension[], ids: readonly number[]): boolean;
}

/** One catalogue change as memory accounts for it, in the order versions are numbered. */
export interface CatalogueChange {
  epoch: string;
  /** A new life (CatalogueView.life) starts with a change of scope `*`. */
  life: number;
  version: number;
  scope: Scope;
}

export interface CatalogueVersion {
  /**
   * The version now, with what changed when, from memory when it can be trusted
   * (then a 304 costs no query).
   */
  view(): Promise<CatalogueView>;
  /** The version now, as `<epoch>-<number>` (pages cached by the global version). */
  current(): Promise<string>;
  /**
   * Calls `listener` with every change as it is accounted for: what a view of a
   * version includes is every change of its life up to that version.
   */
  follow(listener: (change: CatalogueChange) => void): () => void;
  close(): void;
}

const KNOWN_DIMENSIONS = new Set<string>(DIMENSIONS);

/**
 * `<epoch>:<version>:<dims>:<ids>` as the commit trigger announces it (0024), or
 * `<epoch>:<version>` (0014, an older writer): that one, or any dimension this
 * code does not know, counts as `*`. Null for anything else.
 */
export function parseAnnouncement(payload: string): (NumberedVersion & { scope: Scope }) | null {
  const match = /^([0-9a-f]{1,32}):(\d{1,15})(?::([a-z*,]*):([\d,]*))?$/.exec(payload);
  if (!match) return null;
  const announced = { epoch: match[1]!, version: Number(match[2]) };
  const [dimsText, idsText] = [match[3], match[4]];
  if (dimsText === undefined || idsText === undefined || dimsText === '*') {
    return { ...announced, scope: '*' };
  }
  const dims = dimsText === '' ? [] : dimsText.split(',');
  if (!dims.every((dim) => KNOWN_DIMENSIONS.has(dim))) return { ...announced, scope: '*' };
  const ids = idsText === '' ? [] : idsText.split(',').map(Number);
  if (!ids.every(Number.isSafeInteger)) return { ...announced, scope: '*' };
  return { ...announced, scope: { dims: dims as Dimension[], ids } };
}

/**
 * The catalogue version kept in memory, with the scope of each change. Every
 * commit that changes the catalogue announces its version, numbered in commit
 * order, and what it changed, once it is visible (0014, 0024); within an epoch
 * the highest version heard or read is the current one, and an announcement
 * from another epoch (a restored database) makes memory start over.
 *
 * A version read from the database above every one heard is a commit whose
 * announcement has not arrived: the read waits for it a moment (a write this
 * process just committed is announced within milliseconds), and past that
 * counts it as having changed everything. A catalogue write this process
 * commits is told its version at commit (0025): the next call answers once that
 * version is heard (at once, when it already was), so a client sees its own write
 * at once without a read. Any other commit of this process makes the next call
 * read. Without live notifications every call reads the database and any change
 * is everything.
 *
 * What memory holds and how each event changes it is version-machine.ts; this
 * shell hears, reads, waits and tells followers.
 */
export function catalogueVersion(
  read: () => Promise<NumberedVersion>,
  notifications: Notifications,
  clock: Clock,
): CatalogueVersion {
  let state: VersionState = UNLOADED;
  const followers = new Set<(change: CatalogueChange) => void>();
  // Reads waiting for announcements up to a version.
  const waiting = new Set<{ version: number; done: () => void }>();
  // Concurrent misses share one read (per generation: none begun before a write).
  let pending: { generation: number; value: Promise<CatalogueView> } | null = null;
  // The view last answered from memory: the same object until memory moves.
  let memo: { log: ChangeLog; version: number; view: CatalogueView } | null = null;

  /** Takes the machine's next state, tells followers its changes, ends waits it satisfies. */
  function apply<S extends Step>(step: S): S {
    state = step.state;
    for (const change of step.changes) for (const follower of followers) follower(change);
    const known = knownVersion(state);
    for (const waiter of waiting) if (known >= waiter.version) waiter.done();
    return step;
  }

  const unsubscribePlain = notifications.subscribe(CHANNELS.catalogue, {
    message(payload) {
      const announced = parseAnnouncement(payload);
      if (announced) apply(plainAnnouncementHeard(state, announced));
    },
    // The scoped listener below starts over and reads again for both.
    reset() {},
    committedHere() {},
  });
  const unsubscribe = notifications.subscribe(CHANNELS.catalogueChanges, {
    message(payload) {
      const announced = parseAnnouncement(payload);
      if (announced) apply(scopedAnnouncementHeard(state, announced));
    },
    reset() {
      apply(feedReset(state));
    },
    committedHere(commit) {
      const own = commit.catalogue === undefined ? null : parseAnnouncement(commit.catalogue);
      apply(committedHere(state, own));
    },
  });

  /** Resolves once `version` has been heard of, or after ANNOUNCEMENT_WAIT_MS. */
  function announced(version: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter = {
        version,
        done: () => {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, ANNOUNCEMENT_WAIT_MS);
      timer.unref?.();
      waiting.add(waiter);
    });
  }

  async function readAndStore(): Promise<CatalogueView> {
    const ticket = readTicket(state, clock.now().getTime());
    const value = await read();
    const { outcome } = apply(versionRead(state, ticket, value, notifications.live));
    if (outcome.kind === 'answer') return viewOf(outcome.answer);
    await announced(outcome.upTo);
    return viewOf(apply(announcementWaitEnded(state, ticket, value, notifications.live)).answer);
  }

  async function afterOwnCommit(life: number, version: number): Promise<CatalogueView> {
    await announced(version);
    apply(ownCommitWaitEnded(state, life, version));
    return view();
  }

  function view(): Promise<CatalogueView> {
    const decision = answerFromMemory(state, clock.now().getTime(), notifications.live);
    if (decision.kind === 'answer') {
      const { answer } = decision;
      if (memo?.log !== answer.log || memo.version !== answer.version) {
        memo = { log: answer.log, version: answer.version, view: viewOf(answer) };
      }
      return Promise.resolve(memo.view);
    }
    if (decision.kind === 'awaitOwnCommit') return afterOwnCommit(decision.life, decision.version);
    const { generation } = state;
    if (pending?.generation !== generation) {
      const value = readAndStore();
      const entry = { generation, value };
      pending = entry;
      // Settled reads are not shared: the next miss reads afresh.
      const clear = () => {
        if (pending === entry) pending = null;
      };
      value.then(clear, clear);
    }
    return pending!.value;
  }

  return {
    view,
    current: () => view().then((v) => v.tag),
    follow(listener) {
      followers.add(listener);
      return () => followers.delete(listener);
    },
    close() {
      unsubscribe();
      unsubscribePlain();
    },
  };
}
