import type { Clock } from '../../auth/clock.js';
import { CHANNELS, type Notifications } from '../../db/notifications.js';

/**
 * Even while notifications are live, read the version again this often: a
 * backstop for a connection that died without saying so.
 */
export const VERSION_RECHECK_MS = 5_000;

/**
 * How long a read that found commits not yet heard of waits for their
 * announcements (they are on their way: PostgreSQL sends them at commit) before
 * it gives up and treats them as having changed everything. It resolves as soon
 * as they arrive (within a millisecond or two on an idle server); the whole wait
 * is paid only when one was lost, so it is generous enough for a busy machine.
 */
export const ANNOUNCEMENT_WAIT_MS = 250;

/** Item ids whose last change is remembered; older ones share one floor. */
const REMEMBERED_ITEMS = 10_000;

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
 * What changed when, within one epoch: per dimension and per item the version
 * of its last change, and a floor, the last version whose scope is unknown (a
 * `*`, a commit read but never heard of): anything computed before the floor is
 * stale whatever it depends on.
 */
function changeLog(epoch: string, floor: number, life: number) {
  const dims = new Map<Dimension, number>();
  const items = new Map<number, number>();
  // Every item forgotten from `items` last changed at or before this.
  let itemsFloor = 0;
  let lastItemChange = 0;
  return {
    epoch,
    life,
    floor,
    record(version: number, scope: Scope): void {
      if (scope === '*') {
        this.floor = Math.max(this.floor, version);
        return;
      }
      for (const dim of scope.dims) dims.set(dim, Math.max(dims.get(dim) ?? 0, version));
      for (const id of scope.ids) {
        // Re-inserted so the map's order stays oldest change first.
        items.delete(id);
        items.set(id, version);
        lastItemChange = Math.max(lastItemChange, version);
      }
      while (items.size > REMEMBERED_ITEMS) {
        const [oldest, at] = items.entries().next().value as [number, number];
        items.delete(oldest);
        itemsFloor = Math.max(itemsFloor, at);
      }
    },
    changedSince(since: number, on: readonly Dimension[], ids: readonly number[]): boolean {
      if (since < this.floor) return true;
      for (const dim of on) if ((dims.get(dim) ?? 0) > since) return true;
      if (lastItemChange <= since) return false;
      for (const id of ids) if ((items.get(id) ?? itemsFloor) > since) return true;
      return false;
    },
  };
}

type ChangeLog = ReturnType<typeof changeLog>;

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
 */
export function catalogueVersion(
  read: () => Promise<NumberedVersion>,
  notifications: Notifications,
  clock: Clock,
): CatalogueVersion {
  // What changed when; null until a read says where memory starts.
  let log: ChangeLog | null = null;
  let lives = 0;
  // The highest version heard or read whose scope `log` accounts for.
  let known = 0;
  // May `known` be answered without a read? Not after a reset or an own write.
  let trusted = false;
  let checkedAt = 0;
  // Bumped by a reset or an own write: a read begun before may predate a write.
  let generation = 0;
  // The version of this process's last catalogue commit while its announcement
  // may be on its way (0025 says it at commit); answers wait for it, not for a read.
  let ownAhead = 0;
  // Concurrent misses share one read (per generation).
  let pending: { generation: number; value: Promise<CatalogueView> } | null = null;
  // Reads waiting for announcements up to a version.
  const waiting = new Set<{ version: number; done: () => void }>();
  // Heard while `log` is null: the read that starts memory may predate them.
  let early: Array<NumberedVersion & { scope: Scope }> = [];

  const followers = new Set<(change: CatalogueChange) => void>();
  const record = (into: ChangeLog, version: number, scope: Scope): void => {
    into.record(version, scope);
    for (const follower of followers)
      follower({ epoch: into.epoch, life: into.life, version, scope });
  };
  const startOver = (epoch: string, version: number): ChangeLog => {
    const started = changeLog(epoch, version, ++lives);
    log = started;
    known = version;
    ownAhead = 0;
    // Nothing of this life is known from before it: whatever is, is as of `version`.
    for (const follower of followers) follower({ epoch, life: started.life, version, scope: '*' });
    return started;
  };
  const wake = () => {
    for (const waiter of waiting) if (known >= waiter.version) waiter.done();
  };
  /** A commit known to be in, never heard of (notifications down, or lost): everything changed. */
  const countUnheard = (into: ChangeLog, version: number): void => {
    record(into, version, '*');
    known = version;
    wake();
  };

  /**
   * An announcement heard. `plain` is the `<epoch>:<version>` one, sent right
   * after the scoped one of the same commit: already heard then, and a change of
   * everything only from a database that does not scope its announcements (0024).
   */
  function hear(announced: NumberedVersion & { scope: Scope }, plain: boolean): void {
    if (!log) {
      if (
        plain &&
        early.some((a) => a.epoch === announced.epoch && a.version === announced.version)
      )
        return;
      early.push(announced);
      // Bounded: past that, the highest one stands for all, as a change of everything.
      if (early.length > 1_000) {
        const last = early.reduce((a, b) => (b.version > a.version ? b : a));
        early = [{ ...last, scope: '*' }];
      }
      return;
    }
    if (announced.epoch !== log.epoch) {
      startOver(announced.epoch, announced.version);
      trusted = false; // read once in the new life before answering from memory
    } else {
      if (plain && announced.version <= known) return;
      record(log, announced.version, announced.scope);
      if (announced.version > known) known = announced.version;
    }
    wake();
  }

  const unsubscribePlain = notifications.subscribe(CHANNELS.catalogue, {
    message(payload) {
      const announced = parseAnnouncement(payload);
      if (announced) hear({ ...announced, scope: '*' }, true);
    },
    // The scoped listener below starts over and reads again for both.
    reset() {},
    committedHere() {},
  });
  const unsubscribe = notifications.subscribe(CHANNELS.catalogueChanges, {
    message(payload) {
      const announced = parseAnnouncement(payload);
      if (announced) hear(announced, false);
    },
    reset() {
      // Notifications may have been missed: nothing remembered is trusted.
      log = null;
      early = [];
      known = 0;
      ownAhead = 0;
      trusted = false;
      pending = null;
      generation++;
    },
    committedHere(commit) {
      const own = commit.catalogue === undefined ? null : parseAnnouncement(commit.catalogue);
      if (own && trusted && log && own.epoch === log.epoch) {
        // Numbered and already heard (most commits): memory has this write.
        if (own.version <= known) return;
        // On its way: the next answer waits for it (a read begun before is not shared).
        ownAhead = Math.max(ownAhead, own.version);
        pending = null;
        generation++;
        return;
      }
      // What was heard stays true; only the version must be read again.
      trusted = false;
      pending = null;
      generation++;
    },
  });

  function viewOf(current: ChangeLog, version: number, floor = 0): CatalogueView {
    return {
      epoch: current.epoch,
      version,
      life: current.life,
      tag: `${current.epoch}-${version}`,
      changedSince: (since, dims, ids) => since < floor || current.changedSince(since, dims, ids),
    };
  }

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
    const began = generation;
    const startedWith = log;
    const startedAt = clock.now().getTime();
    const value = await read();
    if (began === generation && (!log || log.epoch !== value.epoch)) {
      // The first read, or a life of the data never heard of: nothing before it counts.
      const heard = early;
      early = [];
      if (heard.some((a) => a.epoch !== value.epoch)) {
        // Announced and read from different lives of the data: trust neither to last.
        log = null;
        return alone(value);
      }
      const current = startOver(value.epoch, value.version);
      for (const a of heard) {
        if (a.version <= value.version) continue;
        record(current, a.version, a.scope);
        known = Math.max(known, a.version);
      }
      if (notifications.live) {
        trusted = true;
        checkedAt = startedAt;
      }
      return viewOf(current, known);
    }
    // What was heard still holds unless memory started over meanwhile.
    const current = log;
    if (!current || current !== startedWith || current.epoch !== value.epoch) return alone(value);
    if (value.version > known && notifications.live) await announced(value.version);
    if (current !== log) return alone(value);
    if (value.version > known) {
      // A read that began before this process's last write only answers by it.
      if (began !== generation) return viewOf(current, value.version, value.version);
      countUnheard(current, value.version);
    }
    if (began === generation && notifications.live) {
      trusted = true;
      checkedAt = startedAt;
    }
    return viewOf(current, known);
  }

  /** A view of one read alone, when memory started over meanwhile: valid at exactly its version. */
  function alone(value: NumberedVersion): CatalogueView {
    return viewOf(changeLog(value.epoch, value.version, -1), value.version);
  }

  // The view last answered from memory: the same object until the version moves.
  let memo: CatalogueView | null = null;

  /**
   * Answers once this process's own commit `version` is heard. One never heard is
   * committed all the same: counted as a read that found it would count it, without
   * that read.
   */
  async function afterOwnCommit(version: number): Promise<CatalogueView> {
    const waitedIn = log;
    await announced(version);
    if (log && log === waitedIn && known < version) countUnheard(log, version);
    return view();
  }

  function view(): Promise<CatalogueView> {
    if (trusted && log && notifications.live) {
      const age = clock.now().getTime() - checkedAt;
      if (age >= 0 && age < VERSION_RECHECK_MS) {
        if (ownAhead > known) return afterOwnCommit(ownAhead);
        if (memo?.version !== known || memo.life !== log.life) memo = viewOf(log, known);
        return Promise.resolve(memo);
      }
    }
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
