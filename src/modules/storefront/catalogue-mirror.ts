import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../../db/notifications.js';
import { type CatalogueIndex, catalogueIndex, type IndexRow } from './catalogue-index.js';
import type { CatalogueChange, CatalogueVersion, CatalogueView } from './catalogue-version.js';
import type { ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';

/** What the mirror reads (items.repository.ts). */
export interface MirrorSource {
  indexSnapshot(): Promise<{
    epoch: string;
    version: number;
    rows: IndexRow[];
    slugs: Map<string, number>;
  }>;
  indexRows(ids: readonly number[]): Promise<IndexRow[]>;
  tagSlugs(): Promise<Map<string, number>>;
  searchTerms(search: string): Promise<string[] | undefined>;
}

/** Distinct `q` searches whose terms are remembered (a parse by PostgreSQL each). */
const REMEMBERED_SEARCHES = 1_000;
/** After a failed read, how long before a request may start another. */
const RETRY_AFTER_MS = 1_000;
/**
 * How long a read waits for the index to apply the changes its view includes
 * (one read of their items, a millisecond or two) before the SQL answers
 * instead: waiting costs no CPU, the SQL costs more than the read awaited.
 */
const CATCH_UP_WAIT_MS = 50;
/** Changes waiting to be applied past which the index is loaded again instead. */
const MAX_QUEUED = 10_000;

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
  onLoaded: (ids: number[]) => void = () => {},
  observer?: MirrorObserver,
) {
  // The life of memory followed, and the index as of version `at` in it.
  let following: { epoch: string; life: number } | null = null;
  let index: CatalogueIndex | null = null;
  let at = 0;
  let reload = true;
  // Each change with when it was heard (the index's lag is measured from then).
  let queue: Array<CatalogueChange & { heardAt: number }> = [];
  let running: Promise<void> | null = null;
  let wanted = false;
  let closed = false;
  let failedAt = Number.NEGATIVE_INFINITY;
  const searches = new Map<string, string[] | undefined>();
  // Reads waiting for the index to reach their view's version.
  const waiting = new Set<{ version: number; done: () => void }>();
  const wake = () => {
    for (const waiter of waiting) if (at >= waiter.version || !running) waiter.done();
  };

  const stopFollowing = version.follow((change) => {
    if (following?.epoch !== change.epoch || following.life !== change.life) {
      following = { epoch: change.epoch, life: change.life };
      index = null;
      queue = [];
    }
    if (change.scope === '*') reload = true;
    // Nothing loaded and nothing loading: the load to come reads it all. Nor is a
    // backlog kept past what a load costs less than.
    if ((!index && !running) || queue.length >= MAX_QUEUED) {
      index = null;
      queue = [];
      reload = true;
    } else {
      queue.push({ ...change, heardAt: Date.now() });
    }
    kick();
  });

  /** Applies what was heard until nothing is left, one read at a time (so none overtakes another). */
  async function work(): Promise<void> {
    while (!closed && following) {
      const life = following;
      if (reload || !index) {
        reload = false;
        const snapshot = await source.indexSnapshot();
        if (following !== life || reload) continue;
        // Another life of the data than memory follows: wait until memory starts over.
        if (snapshot.epoch !== life.epoch) {
          failedAt = Date.now();
          return;
        }
        index = catalogueIndex(snapshot.rows, snapshot.slugs);
        at = snapshot.version;
        reload = queue.some((change) => change.scope === '*' && change.version > at);
        queue = queue.filter((change) => change.version > at);
        onLoaded(index.ids());
        observer?.loaded(index.size);
        wake();
        continue;
      }
      if (queue.length === 0) return;
      const batch = queue.splice(0);
      const ids = [
        ...new Set(batch.flatMap((change) => (change.scope === '*' ? [] : change.scope.ids))),
      ];
      const tagsChanged = batch.some(
        (change) => change.scope !== '*' && change.scope.dims.includes('tags'),
      );
      const [rows, slugs] = await Promise.all([
        source.indexRows(ids),
        tagsChanged ? source.tagSlugs() : undefined,
      ]);
      // A reload asked for meanwhile reads everything this batch would have.
      if (following !== life || reload || !index) continue;
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = found.get(id);
        if (row) index.put(row);
        else index.remove(id);
      }
      if (slugs) index.setTagSlugs(slugs);
      at = Math.max(at, batch[batch.length - 1]!.version);
      observer?.applied(Date.now() - batch[batch.length - 1]!.heardAt, index.size);
      wake();
    }
  }

  function kick(): void {
    if (running || closed || !wanted || !notifications.live) return;
    if (Date.now() - failedAt < RETRY_AFTER_MS) return;
    running = work()
      .catch((error: unknown) => {
        failedAt = Date.now();
        index = null;
        reload = true;
        log.warn(
          { err: error },
          'The storefront index could not be read; lists use SQL until it is.',
        );
      })
      .finally(() => {
        running = null;
        // Heard while the last read was settling. Nothing followed yet (the first view
        // was one read alone, memory having started over meanwhile): the work returned
        // at once, and kicking again would spin on microtasks and starve the event
        // loop; the first change followed kicks it.
        if (following && (queue.length > 0 || reload)) kick();
        wake();
      });
  }

  const ready = (view: CatalogueView): CatalogueIndex | null =>
    index !== null &&
    following?.epoch === view.epoch &&
    following.life === view.life &&
    at >= view.version
      ? index
      : null;

  /**
   * The index once it has applied every change `view` includes: at once, or
   * after the read of changed items under way; null when only SQL can answer now.
   */
  function caughtUp(view: CatalogueView): Promise<CatalogueIndex | null> {
    wanted = true;
    const now = ready(view);
    if (now) return Promise.resolve(now);
    kick();
    // Worth waiting for only when what is missing is the scoped changes being applied.
    if (!index || !running || reload || following?.life !== view.life) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
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
      closed = true;
      stopFollowing();
      await running;
      wake();
    },
  };
}

export type CatalogueMirror = ReturnType<typeof catalogueMirror>;
