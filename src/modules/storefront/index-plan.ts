import type { ItemFilters } from './item-filters.js';

/**
 * How the storefront index finds a page of keys, chosen before a row is read: a
 * plan is a value naming the strategy and what it walks or intersects, so the
 * choice is tested apart from the strategies that run it (index-strategies.ts).
 * The planner weighs the lists' sizes, which of them keep a bitset, and the
 * filters; nothing else. (How a search term's rows are found, kept, gathered from
 * the term dictionary or not at all, is term-rows.ts's: the planner sees what
 * came of it, a list, a bitset or only a test of each row.)
 */

/**
 * The walked list must hold more than this many pages (of `limit + 1` rows) before
 * the lists' bitsets are intersected instead. An intersection reads every word of
 * every bitset whatever it finds (about 2,800 words each at 100k items; two cost
 * 7 µs, docs/performance.md), while a walk of a list this short costs at most its
 * length in bit tests (400 for a page of 24). Past it, a walk through lists that
 * share few rows passes thousands to find a page: category + 2 tags + max_price
 * at 100k walked 2,009 rows to find about eight, and went from 4,367 to 7,555
 * req/s with the intersection (bc80f0a).
 */
export const AND_AFTER = 16;

/**
 * An intersection finding more candidates than this gives up, and the list is
 * walked after all: picking the page costs a comparison a candidate, and lists
 * that share this many rows give a walk its page soon. It also bounds what a kept
 * intersection holds (128 of them, index-postings.ts: `intersections`).
 */
export const AND_CAP = 4_096;

/** What the planner needs of a list: its length and, when it keeps one, its bitset. */
export interface Sized {
  size: number;
  bits: Uint32Array | null;
}

/**
 * A filter every match meets: a list it is in (null: none kept, a term searched
 * for the first time), that list's bitset or a term's own, and the test of a row.
 */
export interface Must<L extends Sized = Sized> {
  list: L | null;
  bits: Uint32Array | null;
  /** Whether the row in a slot meets it. */
  on: (slot: number) => boolean;
}

/** The filters the planner weighs, besides what every match must be in. */
export type PlanFilters = Pick<ItemFilters, 'sort' | 'minPrice' | 'maxPrice' | 'limit'>;

/** What a plan is made from: the musts (null when a filter names what does not exist), every item's list, the filters. */
export interface KeysQuery<L extends Sized = Sized> {
  musts: readonly Must<L>[] | null;
  all: L;
  filters: PlanFilters;
}

/** A filter nothing can meet (a tag that does not exist, spec 4.2 rule 2): the page is empty. */
export interface NothingPlan {
  strategy: 'nothing';
}

/**
 * Walk `driver` in the sort order from the cursor until the page is full, testing
 * each row against the `bitsets` of the other lists, then `rowTests` for the musts
 * that keep none. `priceBounded`: newest first within price bounds the walk may
 * pass many rows outside them; once it has passed as many rows as the bounds hold
 * (what sorting them would have cost), the rows within them are sorted instead.
 */
export interface WalkPlan<L extends Sized = Sized> {
  strategy: 'walk';
  driver: L;
  bitsets: Uint32Array[];
  rowTests: Array<(slot: number) => boolean>;
  priceBounded: boolean;
}

/**
 * AND the bitsets (the kept intersection of `lists` when every bitset has its
 * list, else `bitsets` afresh) and pick the page from the candidates, testing
 * them as `otherwise` tests its walk's rows; past AND_CAP candidates, `otherwise`
 * runs instead.
 */
export interface IntersectPlan<L extends Sized = Sized> {
  strategy: 'intersect';
  lists: L[] | null;
  bitsets: Uint32Array[];
  otherwise: WalkPlan<L>;
}

export type KeysPlan<L extends Sized = Sized> = NothingPlan | WalkPlan<L> | IntersectPlan<L>;

const NOTHING: NothingPlan = { strategy: 'nothing' };

/**
 * The walk of `driver` (every item's list, or one must's), the other musts tested
 * by bit or, keeping no bitset, by row. Any driver finds the same page; the
 * shortest finds it soonest.
 */
export function walkPlan<L extends Sized>(
  query: KeysQuery<L>,
  driver: L,
  priceBounded = isPriceBoundedNewest(query.filters),
): WalkPlan<L> {
  const others = (query.musts ?? []).filter((must) => must.list !== driver);
  return {
    strategy: 'walk',
    driver,
    bitsets: others.flatMap((must) => (must.bits ? [must.bits] : [])),
    rowTests: others.filter((must) => !must.bits).map((must) => must.on),
    priceBounded,
  };
}

/**
 * The intersection of the walk's bitsets and its driver's, with the walk to fall
 * back on; null when there is no bitset to AND, or the driver keeps none and is
 * not every item (its rows could not be told from the candidates).
 */
export function intersectPlan<L extends Sized>(
  query: KeysQuery<L>,
  walk: WalkPlan<L>,
): IntersectPlan<L> | null {
  const { driver } = walk;
  if (!driver.bits && driver !== query.all) return null;
  const bitsets = driver.bits ? [driver.bits, ...walk.bitsets] : walk.bitsets;
  if (bitsets.length === 0) return null;
  // A common term's bitset has no list to count its changes: then all are ANDed afresh.
  const others = (query.musts ?? []).filter((must) => must.list !== driver && must.bits);
  const listed = others.every((must) => must.list);
  return {
    strategy: 'intersect',
    lists: listed ? [...(driver.bits ? [driver] : []), ...others.map((must) => must.list!)] : null,
    bitsets,
    otherwise: walk,
  };
}

/**
 * The plan for one page: walk the shortest list that holds every match, and
 * intersect instead when that list is a category's, tag's or term's, more than
 * AND_AFTER pages long, and another list's bitset narrows it. Never for every
 * item's list: with only a term (all items and its bitset), a common term's
 * candidates pass AND_CAP, and collecting them before walking made q + min_price
 * slower (4,311 → 3,584 req/s, docs/performance.md).
 */
export function planKeys<L extends Sized>(query: KeysQuery<L>): KeysPlan<L> {
  const { musts, all, filters } = query;
  if (musts === null) return NOTHING;
  const driver = musts.reduce<L>(
    (shortest, must) => (must.list && must.list.size < shortest.size ? must.list : shortest),
    all,
  );
  const walk = walkPlan(query, driver);
  const long = driver.size > AND_AFTER * (filters.limit + 1);
  if (driver !== all && driver.bits && long && walk.bitsets.length > 0) {
    return intersectPlan(query, walk) ?? walk;
  }
  return walk;
}

/** Newest first within price bounds: the walk may pass many rows outside them. */
export const isPriceBoundedNewest = (filters: PlanFilters): boolean =>
  filters.sort === 'newest' && (filters.minPrice !== undefined || filters.maxPrice !== undefined);

/** The plan in a line, for a failing test's message or a log. */
export function describePlan(plan: KeysPlan): string {
  switch (plan.strategy) {
    case 'nothing':
      return 'nothing';
    case 'walk': {
      const tests = `${plan.bitsets.length} bitsets, ${plan.rowTests.length} row tests`;
      const turn = plan.priceBounded ? ', then the price range sorted' : '';
      return `walk ${plan.driver.size} rows, ${tests}${turn}`;
    }
    case 'intersect': {
      const how = plan.lists ? 'kept' : 'afresh';
      return `intersect ${plan.bitsets.length} bitsets ${how}, else ${describePlan(plan.otherwise)}`;
    }
  }
}
