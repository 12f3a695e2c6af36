import { AND_CAP, type IntersectPlan, type WalkPlan } from './index-plan.js';
import {
  before,
  type Entry,
  hasBit,
  intersect,
  msOf,
  type Postings,
  prefixLength,
  usOf,
} from './index-postings.js';
import type { Cursor, ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';

/**
 * The strategies a KeysPlan names (index-plan.ts), each finding the public list's
 * page as `listKeys` reads it in SQL: pick the page from candidates in any order
 * (an intersection's), or walk one list in the sort order from the cursor.
 */

/** Rows in each sort order's own order (price_desc: the price order backwards). */
export const SORTED: Record<ItemFilters['sort'], (a: Entry, b: Entry) => number> = {
  newest: (a, b) => (before('newest', a, b) ? -1 : 1),
  price_asc: (a, b) => (before('cheapest', a, b) ? -1 : 1),
  price_desc: (a, b) => (before('cheapest', b, a) ? -1 : 1),
};

/** A cursor with its key as the entries hold it: a timestamp as numbers (Entry.listedMs). */
export interface Position {
  sort: Cursor['sort'];
  key: number;
  us: number;
  id: number;
}

export function positionOf(cursor: Cursor): Position {
  return cursor.sort === 'newest'
    ? { sort: 'newest', key: msOf(cursor.key), us: usOf(cursor.key), id: cursor.id }
    : { sort: cursor.sort, key: cursor.key, us: 0, id: cursor.id };
}

/** Whether `row` comes after the cursor in the cursor's own sort order (items.repository.ts: afterCursor). */
export function afterCursor(row: Entry, at: Position): boolean {
  switch (at.sort) {
    case 'newest':
      if (row.listedMs !== at.key) return row.listedMs < at.key;
      return row.listedUs !== at.us ? row.listedUs < at.us : row.id < at.id;
    case 'price_asc':
      return row.price_cents !== at.key ? row.price_cents > at.key : row.id > at.id;
    case 'price_desc':
      return row.price_cents !== at.key ? row.price_cents < at.key : row.id < at.id;
  }
}

/** The slots of `list` priced within the bounds, as a range of its cheapest-first order. */
export function priceRange(
  list: Postings,
  rows: readonly Entry[],
  minPrice?: number,
  maxPrice?: number,
) {
  const slots = list.cheapest;
  return {
    slots,
    start:
      minPrice === undefined ? 0 : prefixLength(slots, rows, (row) => row.price_cents < minPrice),
    end:
      maxPrice === undefined
        ? slots.length
        : prefixLength(slots, rows, (row) => row.price_cents <= maxPrice),
  };
}

/**
 * The slots a walk visits, in the list's sort order for the filters: from the
 * cursor on, and for a price sort only within the price bounds (`from` up or
 * down to `to`, exclusive).
 */
function walkOf(
  list: Postings,
  rows: readonly Entry[],
  filters: ItemFilters,
  cursor: Position | undefined,
) {
  const { sort } = filters;
  // How many of `slots` come at or before the cursor in its own order.
  const upToCursor = (slots: number[]) =>
    prefixLength(slots, rows, (row) => !afterCursor(row, cursor!));
  if (sort === 'newest') {
    const slots = list.newest;
    if (!cursor) return { slots, from: 0, to: slots.length, step: 1 };
    const { low, high } = list.newestAround(cursor.key);
    const from = prefixLength(slots, rows, (row) => !afterCursor(row, cursor), low, high);
    return { slots, from, to: slots.length, step: 1 };
  }
  const { slots, start, end } = priceRange(list, rows, filters.minPrice, filters.maxPrice);
  if (sort === 'price_asc') {
    return { slots, from: Math.max(start, cursor ? upToCursor(slots) : 0), to: end, step: 1 };
  }
  // price_desc walks the price order backwards: rows after the cursor are the cheaper ones.
  const beforeCursor = cursor
    ? prefixLength(slots, rows, (row) => afterCursor(row, cursor))
    : slots.length;
  return { slots, from: Math.min(end, beforeCursor) - 1, to: start - 1, step: -1 };
}

const keysOf = (rows: readonly Entry[], wanted: number): ItemKey[] =>
  rows
    .slice(0, wanted)
    .map((row) => ({ id: row.id, price_cents: row.price_cents, listed_at: row.listed_at }));

/** One page asked of the index: the rows, the filters, and how a row or slot is tested. */
export interface PageQuery {
  slots: readonly Entry[];
  filters: ItemFilters;
  cursor: Position | undefined;
  /** Whether the slot is in every list the plan tests by bit. */
  inLists(slot: number): boolean;
  /** Whether the row meets the filters no list stands for (price, status, condition, row tests). */
  matches(row: Entry): boolean;
}

/** The page query for a walk's tests (an intersection tests its candidates as its walk would). */
export function pageQuery(
  slots: readonly Entry[],
  filters: ItemFilters,
  walk: Pick<WalkPlan, 'bitsets' | 'rowTests'>,
): PageQuery {
  const { status, minPrice, maxPrice, conditions } = filters;
  const { bitsets, rowTests } = walk;
  return {
    slots,
    filters,
    cursor: filters.cursor && positionOf(filters.cursor),
    inLists(slot) {
      for (const bits of bitsets) if (!hasBit(bits, slot)) return false;
      return true;
    },
    matches: (row) =>
      (minPrice === undefined || row.price_cents >= minPrice) &&
      (maxPrice === undefined || row.price_cents <= maxPrice) &&
      (status === undefined || row.status === status) &&
      (conditions === undefined ||
        (row.condition !== null && conditions.includes(row.condition))) &&
      rowTests.every((test) => test(row)),
  };
}

/** The page from candidate slots in any order: the first `limit + 1` matches after the cursor. */
export function sortedPage(candidates: Iterable<number>, q: PageQuery): ItemKey[] {
  const { slots, cursor } = q;
  const wanted = q.filters.limit + 1;
  const order = SORTED[q.filters.sort];
  // Only a page is kept, in order: thousands of candidates cost a comparison
  // each with the page's last row, not a sort of them all.
  const page: number[] = [];
  for (const slot of candidates) {
    if (!q.inLists(slot)) continue;
    const row = slots[slot]!;
    if (page.length === wanted && order(row, slots[page[wanted - 1]!]!) > 0) continue;
    if (cursor && !afterCursor(row, cursor)) continue;
    if (!q.matches(row)) continue;
    if (page.length === wanted) page.pop();
    page.splice(
      prefixLength(page, slots, (other) => order(other, row) < 0),
      0,
      slot,
    );
  }
  return keysOf(
    page.map((slot) => slots[slot]!),
    wanted,
  );
}

/**
 * The page picked from the plan's intersection: `kept` gives a kept intersection
 * of lists (index-postings.ts: `intersections`), else the bitsets are ANDed
 * afresh. Null past AND_CAP candidates: the plan's walk finds the page then.
 */
export function intersectedPage(
  plan: IntersectPlan<Postings>,
  q: PageQuery,
  kept: (lists: readonly Postings[]) => number[] | null,
): ItemKey[] | null {
  const candidates = plan.lists ? kept(plan.lists) : intersect(plan.bitsets, AND_CAP);
  return candidates && sortedPage(candidates, q);
}

/**
 * The page found by walking the plan's list in the sort order from the cursor.
 * Newest first within price bounds, the walk may pass many rows outside them:
 * past as many rows as the bounds hold, the rows within them are sorted instead.
 */
export function walkedPage(plan: WalkPlan<Postings>, q: PageQuery): ItemKey[] {
  const { slots, filters, cursor } = q;
  const wanted = filters.limit + 1;
  const range = plan.priceBounded
    ? priceRange(plan.driver, slots, filters.minPrice, filters.maxPrice)
    : null;
  const budget = range ? range.end - range.start : Number.POSITIVE_INFINITY;
  const found: Entry[] = [];
  const walk = walkOf(plan.driver, slots, filters, cursor);
  const inWalk = (i: number) => (walk.step > 0 ? i < walk.to : i > walk.to);
  for (let i = walk.from; inWalk(i) && found.length < wanted; i += walk.step) {
    if (i - walk.from === budget * walk.step) {
      return sortedPage(range!.slots.slice(range!.start, range!.end), q);
    }
    const slot = walk.slots[i]!;
    if (!q.inLists(slot)) continue;
    const row = slots[slot]!;
    if (q.matches(row)) found.push(row);
  }
  return keysOf(found, wanted);
}
