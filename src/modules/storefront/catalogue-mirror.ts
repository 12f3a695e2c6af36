import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../../db/notifications.js';
import { type CatalogueIndex, type IndexRow, indexLoad } from './catalogue-index.js';
import type { CatalogueVersion, CatalogueView } from './catalogue-version.js';
import type { ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';
import {
  initialMirror,
  type Life,
  type MirrorEffect,
  type MirrorHappening,
  type MirrorState,
  mirrorTransition,
  readiness,
} from './mirror-machine.js';
import { runInSlices } from './work-slices.js';

/** What the mirror reads (items.repository.ts). */
export interface MirrorSource {
  indexSnapshot(onPage: (rows: IndexRow[], total: number) => Promise<void>): Promise<{
    epoch: string;
    version: number;
    slugs: Map<string, number>;
  }>;
  indexRows(ids: readonly number[]): Promise<IndexRow[]>;
  tagSlugs(): Promise<Map<string, number>>;
  /** The life of the data the database holds now (0014, 0080). */
  catalogueEpoch(): Promise<string>;
  searchTerms(search: string): Promise<string[] | undefined>;
}

/** Distinct `q` searches whose terms are remembered (a parse by PostgreSQL each). */
const REMEMBERED_SEARCHES = 1_000;
/**
 * How long a read waits for the index to apply the changes its view includes
 * (one read of their items, a millisecond or two) before the SQL answers
 * instead: waiting costs no CPU, the SQL costs more than the read awaited.
 */
const CATCH_UP_WAIT_MS = 50;

/** What the mirror reports as it goes (shop_storefront_index_* metrics). */
export interface MirrorObserver {
  /** A whole load finished, with this many items. */
  loaded(items: number): void;
  /** Changes applied: the last one was heard `lagMs` ago; the index now holds `items`. */
  applied(lagMs: number, items: number): void;
}

/**
 * The visible catalogue's sort keys and facets, kept in memory and answering
 * the storefront's list searches without SQL (catalogue-index.ts), so a list
 * no cache has seen costs a walk in memory, not a statement.
 *
 * It is loaded once, on the first list asked of it, from one snapshot that also
 * gives the version it is as of. Then it follows every catalogue change as the
 * catalogue version accounts for it (0024's announcements, in commit order):
 * each change's items are read again after it was heard, so what is read is at
 * least as new as the change; a change of unknown scope (`*`) or a new life of
 * memory loads it again whole.
 *
 * It answers a read only when it has applied every change up to that read's
 * view, in the view's own life; otherwise (still loading, behind by a change
 * whose items are being read, notifications down) it answers nothing and the
 * caller runs the SQL. So a pending item is never listed after the commit that
 * made it pending: the view that includes that commit waits for it here.
 */
export function catalogueMirror(
  source: MirrorSource,
  version: CatalogueVersion,
  notifications: Notifications,
  log: Pick<FastifyBaseLogger, 'warn'>,
  onLoaded: (ids: Int32Array) => void = () => {},
  observer?: MirrorObserver,
) {
  // What to do next is decided in mirror-machine.ts; this shell runs its reads
  // and holds what they return.
  let state: MirrorState = initialMirror;
  let index: CatalogueIndex | null = null;
  // The read under way, and what the last one returned until its event is handled.
  let running: Promise<void> | null = null;
  let built: CatalogueIndex | null = null;
  let read: { ids: number[]; rows: IndexRow[]; slugs: Map<string, number> | undefined } | null =
    null;
  const searches = new Map<string, string[] | undefined>();
  // Reads waiting for the index to reach their view's version.
  const waiting = new Set<{ life: Life; version: number; done: () => void }>();

  // Events raised while one is handled (a follower told of a change by an effect) wait their turn.
  const backlog: MirrorHappening[] = [];
  let dispatching = false;

  function dispatch(event: MirrorHappening): void {
    backlog.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = backlog.shift(); next; next = backlog.shift()) {
        const step = mirrorTransition(state, {
          ...next,
          now: Date.now(),
          live: notifications.live,
        });
        state = step.state;
        try {
          for (const effect of step.effects) perform(effect);
        } catch (error) {
          // What a read returned could not be applied: as if the read had failed.
          failed(error);
        }
      }
    } finally {
      dispatching = false;
    }
    const marks = readiness(state);
    for (const waiter of waiting) {
      const at = marks.answersUpTo(waiter.life);
      if ((at !== null && at >= waiter.version) || !marks.reading) waiter.done();
    }
  }

  function failed(error: unknown): void {
    log.warn({ err: error }, 'The storefront index could not be read; lists use SQL until it is.');
    dispatch({ kind: 'readFailed' });
  }

  /**
   * Runs a read; the event it resolves to, with what was read, is the next one
   * (one read at a time, so none overtakes another).
   */
  function reading(work: () => Promise<MirrorHappening>): void {
    running = work().then(
      (landed) => {
        running = null;
        dispatch(landed);
        // Not kept when it was outdated on landing (a snapshot is the whole catalogue).
        built = null;
        read = null;
      },
      (error: unknown) => {
        running = null;
        failed(error);
      },
    );
  }

  function perform(effect: MirrorEffect): void {
    switch (effect.kind) {
      case 'readSnapshot':
        reading(async () => {
          // Built as the pages arrive and then sorted, in slices of the event loop
          // (work-slices.ts): requests go on being answered (by SQL) meanwhile.
          const load = indexLoad();
          const snapshot = await source.indexSnapshot(async (rows, total) => {
            await runInSlices(load.expecting(total));
            await runInSlices(load.adding(rows));
          });
          built = await runInSlices(load.finishing(snapshot.slugs));
          return { kind: 'snapshotRead', epoch: snapshot.epoch, version: snapshot.version };
        });
        return;
      case 'readRows':
        reading(async () => {
          const [rows, slugs] = await Promise.all([
            source.indexRows(effect.ids),
            effect.tags ? source.tagSlugs() : undefined,
          ]);
          // Read after the rows: a database does not go back to an epoch it left, so
          // this one is theirs unless it was restored (or bumped) meanwhile, and then
          // the machine does not apply them as the epoch it follows.
          const epoch = await source.catalogueEpoch();
          read = { ids: effect.ids, rows, slugs };
          return { kind: 'rowsRead', epoch };
        });
        return;
      case 'install':
        index = built!;
        built = null;
        onLoaded(index.ids());
        observer?.loaded(index.size);
        return;
      case 'apply': {
        const { ids, rows, slugs } = read!;
        read = null;
        const found = new Map(rows.map((row) => [row.id, row]));
        for (const id of ids) {
          const row = found.get(id);
          if (row) index!.put(row);
          else index!.remove(id);
        }
        if (slugs) index!.setTagSlugs(slugs);
        observer?.applied(Date.now() - effect.heardAt, index!.size);
        return;
      }
      case 'drop':
        index = null;
        return;
    }
  }

  const stopFollowing = version.follow((change) => dispatch({ kind: 'changeHeard', change }));

  const ready = (view: CatalogueView): CatalogueIndex | null => {
    const at = readiness(state).answersUpTo(view);
    return at !== null && at >= view.version ? index : null;
  };

  /**
   * The index once it has applied every change `view` includes: at once, or
   * after the read of changed items under way; null when only SQL can answer now.
   */
  function caughtUp(view: CatalogueView): Promise<CatalogueIndex | null> {
    const now = ready(view);
    if (now) return Promise.resolve(now);
    dispatch({ kind: 'readerAsked' });
    if (!readiness(state).worthWaiting(view)) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
        life: view,
        version: view.version,
        done: () => {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(ready(view));
        },
      };
      const timer = setTimeout(waiter.done, CATCH_UP_WAIT_MS);
      timer.unref?.();
      waiting.add(waiter);
    });
  }

  async function termsOf(search: string): Promise<string[] | undefined> {
    if (searches.has(search)) return searches.get(search);
    const terms = await source.searchTerms(search);
    if (searches.size >= REMEMBERED_SEARCHES) searches.delete(searches.keys().next().value!);
    searches.set(search, terms);
    return terms;
  }

  return {
    /**
     * The public list's keys as `listKeys` reads them, from memory when it is up to
     * date with `view`; undefined when only SQL can answer now.
     */
    async keys(filters: ItemFilters, view: CatalogueView): Promise<ItemKey[] | undefined> {
      if (filters.includePending || filters.newSubmissions) return undefined;
      if (!(await caughtUp(view))) return undefined;
      const terms = filters.search === undefined ? undefined : await termsOf(filters.search);
      if (filters.search !== undefined && terms === undefined) return undefined;
      // A search of stop words only matches nothing, in SQL as here.
      if (terms?.length === 0) return [];
      // Checked again: memory may have started over while the terms were read.
      return ready(view)?.keys(filters, terms);
    },

    /** The index for /api/filters' tag counts and price bounds, as `keys` would use it. */
    facets: caughtUp,

    /** Resolves once no load or read of changes is under way (what was heard is applied). */
    async settled(): Promise<void> {
      while (running) await running;
    },

    /** Stops following changes; resolves when no read of the mirror is under way. */
    async close(): Promise<void> {
      stopFollowing();
      dispatch({ kind: 'closed' });
      await running;
      for (const waiter of waiting) waiter.done();
    },
  };
}

export type CatalogueMirror = ReturnType<typeof catalogueMirror>;
