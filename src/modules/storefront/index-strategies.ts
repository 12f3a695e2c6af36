import { conditionCode, type ItemColumns, msOf, statusCode, usOf } from './index-columns.js';
import { AND_CAP, type IntersectPlan, type WalkPlan } from './index-plan.js';
import { before, hasBit, intersect, type Postings, prefixLength } from './index-postings.js';
import type { Cursor, ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';

/**
 * The strategies a KeysPlan names (index-plan.ts), each finding the public list's
 * page as `listKeys` reads it in SQL: pick the page from candidates in any order
 * (an intersection's), or walk one list in the sort order from the cursor.
 */

/** Slots in a sort order's own order (price_desc: the price order backwards). */
export function sortedBy(rows: ItemColumns, sort: ItemFilters['sort']) {
  if (sort === 'newest') return (a: number, b: number) => (before(rows, 'newest', a, b) ? -1 : 1);
  if (sort === 'price_asc')
    return (a: number, b: number) => (before(rows, 'cheapest', a, b) ? -1 : 1);
  return (a: number, b: number) => (before(rows, 'cheapest', b, a) ? -1 : 1);
}

/** A cursor with its key as the columns hold it: a timestamp as numbers (ItemColumns.ms and .us). */
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

/** Whether the row in `slot` comes after the cursor in the cursor's own sort order (items.repository.ts: afterCursor). */
export function afterCursor(rows: ItemColumns, slot: number, at: Position): boolean {
  const id = rows.ids[slot]!;
  switch (at.sort) {
    case 'newest': {
      const ms = rows.ms[slot]!;
      if (ms !== at.key) return ms < at.key;
      const us = rows.us[slot]!;
      return us !== at.us ? us < at.us : id < at.id;
    }
    case 'price_asc': {
      const price = rows.prices[slot]!;
      return price !== at.key ? price > at.key : id > at.id;
    }
    case 'price_desc': {
      const price = rows.prices[slot]!;
      return price !== at.key ? price < at.key : id < at.id;
    }
  }
}

/** The slots of `list` priced within the bounds, as a range of its cheapest-first order. */
export function priceRange(
  list: Postings,
  rows: ItemColumns,
  minPrice?: number,
  maxPrice?: number,
) {
  const slots = list.cheapest;
  const { prices } = rows;
  return {
    slots,
    start: minPrice === undefined ? 0 : prefixLength(slots, (slot) => prices[slot]! < minPrice),
    end:
      maxPrice === undefined
        ? slots.length
        : prefixLength(slots, (slot) => prices[slot]! <= maxPrice),
  };
}

/**
 * The slots a walk visits, in the list's sort order for the filters: from the
 * cursor on, and for a price sort only within the price bounds (`from` up or
 * down to `to`, exclusive).
 */
function walkOf(
  list: Postings,
  rows: ItemColumns,
  filters: ItemFilters,
  cursor: Position | undefined,
) {
  const { sort } = filters;
  // How many of `slots` come at or before the cursor in its own order.
  const upToCursor = (slots: Int32Array) =>
    prefixLength(slots, (slot) => !afterCursor(rows, slot, cursor!));
  if (sort === 'newest') {
    const slots = list.newest;
    if (!cursor) return { slots, from: 0, to: slots.length, step: 1 };
    const { low, high } = list.newestAround(cursor.key);
    const from = prefixLength(slots, (slot) => !afterCursor(rows, slot, cursor), low, high);
    return { slots, from, to: slots.length, step: 1 };
  }
  const { slots, start, end } = priceRange(list, rows, filters.minPrice, filters.maxPrice);
  if (sort === 'price_asc') {
    return { slots, from: Math.max(start, cursor ? upToCursor(slots) : 0), to: end, step: 1 };
  }
  // price_desc walks the price order backwards: rows after the cursor are the cheaper ones.
  const beforeCursor = cursor
    ? prefixLength(slots, (slot) => afterCursor(rows, slot, cursor))
    : slots.length;
  return { slots, from: Math.min(end, beforeCursor) - 1, to: start - 1, step: -1 };
}

const keysOf = (rows: ItemColumns, slots: readonly number[], wanted: number): ItemKey[] =>
  slots.slice(0, wanted).map((slot) => ({
    id: rows.ids[slot]!,
    price_cents: rows.prices[slot]!,
    listed_at: rows.listedAt(slot),
  }));

/** One page asked of the index: the rows, the filters, and how a slot's row is tested. */
export interface PageQuery {
  rows: ItemColumns;
  filters: ItemFilters;
  cursor: Position | undefined;
  /** Whether the slot is in every list the plan tests by bit. */
  inLists(slot: number): boolean;
  /** Whether the slot's row meets the filters no list stands for (price, status, condition, row tests). */
  matches(slot: number): boolean;
}

/** The page query for a walk's tests (an intersection tests its candidates as its walk would). */
export function pageQuery(
  rows: ItemColumns,
  filters: ItemFilters,
  walk: Pick<WalkPlan, 'bitsets' | 'rowTests'>,
): PageQuery {
  const { status, minPrice, maxPrice, conditions } = filters;
  const { bitsets, rowTests } = walk;
  // -1 (pending, which the index never holds) matches no row.
  const statusWanted = status === undefined ? undefined : statusCode(status);
  // "Not said" (code 0) never matches a condition filter.
  const conditionsWanted = conditions && new Set(conditions.map(conditionCode));
  return {
    rows,
    filters,
    cursor: filters.cursor && positionOf(filters.cursor),
    inLists(slot) {
      for (const bits of bitsets) if (!hasBit(bits, slot)) return false;
      return true;
    },
    matches(slot) {
      const price = rows.prices[slot]!;
      return (
        (minPrice === undefined || price >= minPrice) &&
        (maxPrice === undefined || price <= maxPrice) &&
        (statusWanted === undefined || rows.statuses[slot] === statusWanted) &&
        (conditionsWanted === undefined || conditionsWanted.has(rows.conditions[slot]!)) &&
        rowTests.every((test) => test(slot))
      );
    },
  };
}

/** The page from candidate slots in any order: the first `limit + 1` matches after the cursor. */
export function sortedPage(candidates: Iterable<number>, q: PageQuery): ItemKey[] {
  const { rows, cursor } = q;
  const wanted = q.filters.limit + 1;
  const order = sortedBy(rows, q.filters.sort);
  // Only a page is kept, in order: thousands of candidates cost a comparison
  // each with the page's last row, not a sort of them all.
  const page: number[] = [];
  for (const slot of candidates) {
    if (!q.inLists(slot)) continue;
    if (page.length === wanted && order(slot, page[wanted - 1]!) > 0) continue;
    if (cursor && !afterCursor(rows, slot, cursor)) continue;
    if (!q.matches(slot)) continue;
    if (page.length === wanted) page.pop();
    page.splice(
      prefixLength(page, (other) => order(other, slot) < 0),
      0,
      slot,
    );
  }
  return keysOf(rows, page, wanted);
}

/**
 * The page from the plan's intersection: a kept one (index-postings.ts:
 * `intersections`) is a list walked as the plan's walk would walk its driver;
 * else the bitsets are ANDed afresh and the page picked from the candidates.
 * Null past AND_CAP candidates: the plan's walk finds the page then.
 */
export function intersectedPage(
  plan: IntersectPlan<Postings>,
  q: PageQuery,
  kept: (lists: readonly Postings[]) => Postings | null | undefined,
): ItemKey[] | null {
  const list = plan.lists ? kept(plan.lists) : undefined;
  if (list === null) return null;
  if (list) return walkedPage({ ...plan.otherwise, driver: list }, q);
  const candidates = intersect(plan.bitsets, AND_CAP);
  return candidates && sortedPage(candidates, q);
}

/**
 * The page found by walking the plan's list in the sort order from the cursor.
 * Newest first within price bounds, the walk may pass many rows outside them:
 * past as many rows as the bounds hold, the rows within them are sorted instead.
 */
export function walkedPage(plan: WalkPlan<Postings>, q: PageQuery): ItemKey[] {
  const { rows, filters, cursor } = q;
  const wanted = filters.limit + 1;
  const range = plan.priceBounded
    ? priceRange(plan.driver, rows, filters.minPrice, filters.maxPrice)
    : null;
  const budget = range ? range.end - range.start : Number.POSITIVE_INFINITY;
  const found: number[] = [];
  const walk = walkOf(plan.driver, rows, filters, cursor);
  const inWalk = (i: number) => (walk.step > 0 ? i < walk.to : i > walk.to);
  for (let i = walk.from; inWalk(i) && found.length < wanted; i += walk.step) {
    if (i - walk.from === budget * walk.step) {
      return sortedPage(range!.slots.slice(range!.start, range!.end), q);
    }
    const slot = walk.slots[i]!;
    if (!q.inLists(slot)) continue;
    if (q.matches(slot)) found.push(slot);
  }
  return keysOf(rows, found, wanted);
}
