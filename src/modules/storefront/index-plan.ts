import type { Entry } from './index-postings.js';
import type { ItemFilters } from './item-filters.js';

/**
 * How the storefront index finds a page of keys, chosen before any row is
 * looked at: a plan is a data value naming the strategy and what it walks or
 * intersects, so the choice is tested apart from the strategies that run it
 * (index-plan.test.ts, index-strategies.test.ts).
 */

/** Bitsets are intersected when the walk's list holds this many pages' worth or more… */
export const AND_AFTER = 16;
/** …and the candidates sorted when there are at most this many. */
export const AND_CAP = 4_096;

/** What the planner needs of a list: its length and, when it keeps one, its bitset. */
export interface Sized {
  size: number;
  bits: Uint32Array | null;
}

/** A filter every match meets: a list it is in (null: none kept), that list's bitset, and the test of a row. */
export interface Must<L extends Sized = Sized> {
  list: L | null;
  bits: Uint32Array | null;
  on: (row: Entry) => boolean;
}

/** The filters the planner weighs, besides what every match must be in. */
export type PlanFilters = Pick<ItemFilters, 'sort' | 'minPrice' | 'maxPrice' | 'limit'>;

/**
 * Walk `driver` in the sort order from the cursor until the page is full,
 * testing each row against the `bitsets` of the other lists and `rowTests`.
 * `priceBounded`: newest first within price bounds, where the walk may pass many
 * rows outside them; past as many rows as the bounds hold, the rows within them
 * are sorted instead.
 */
export interface WalkPlan<L extends Sized = Sized> {
  kind: 'walk';
  driver: L;
  bitsets: Uint32Array[];
  rowTests: Array<(row: Entry) => boolean>;
  priceBounded: boolean;
}

export type KeysPlan<L extends Sized = Sized> =
  /** A filter nothing can meet (a tag that does not exist, spec 4.2 rule 2). */
  | { kind: 'nothing' }
  /**
   * AND the lists' bitsets (kept intersections of `lists` when every bitset has
   * its list, else `bitsets` afresh) and pick the page from the candidates; when
   * they are more than AND_CAP, `otherwise` runs instead.
   */
  | {
      kind: 'intersect';
      lists: L[] | null;
      bitsets: Uint32Array[];
      otherwise: WalkPlan<L>;
    }
  | WalkPlan<L>;

/**
 * The plan for one page. `musts` is what every match is in (null when a filter
 * names something that does not exist); `all` is the list of every item. The
 * shortest list is walked; membership of the others is a bit, or the row's own
 * test when a list keeps no bitset (a common search term).
 */
export function planKeys<L extends Sized>(
  musts: readonly Must<L>[] | null,
  all: L,
  filters: PlanFilters,
): KeysPlan<L> {
  if (musts === null) return { kind: 'nothing' };
  const driver = musts.reduce<L>(
    (shortest, must) => (must.list && must.list.size < shortest.size ? must.list : shortest),
    all,
  );
  const others = musts.filter((must) => must.list !== driver);
  const bitsets = others.flatMap((must) => (must.bits ? [must.bits] : []));
  const walk: WalkPlan<L> = {
    kind: 'walk',
    driver,
    bitsets,
    rowTests: others.filter((must) => !must.bits).map((must) => must.on),
    priceBounded:
      filters.sort === 'newest' &&
      (filters.minPrice !== undefined || filters.maxPrice !== undefined),
  };
  // A category's, tag's or term's list, a long walk ahead and other bitsets to test:
  // their AND is every candidate, found 32 rows at a time; when there are few, the
  // page is picked from them, not walked to. (Not for all items and a common term: it has
  // thousands of rows, and the walk finds a page in a few hundred.)
  const wanted = filters.limit + 1;
  if (driver !== all && driver.bits && driver.size > AND_AFTER * wanted && bitsets.length > 0) {
    // A common term's bitset has no list to count its changes: intersected afresh.
    const listed = others.every((must) => !must.bits || must.list);
    return {
      kind: 'intersect',
      lists: listed ? [driver, ...others.flatMap((must) => (must.bits ? [must.list!] : []))] : null,
      bitsets: [driver.bits, ...bitsets],
      otherwise: walk,
    };
  }
  return walk;
}
