import type { ItemCondition, ItemStatus } from '../../db/schema.js';
import {
  before,
  type Entry,
  hasBit,
  intersect,
  intersections,
  msOf,
  Postings,
  prefixLength,
  usOf,
} from './index-postings.js';
import type { Cursor, ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';
import { termDictionary } from './term-dictionary.js';
import { hasPrefixOf, termRows } from './term-rows.js';

/** What the storefront filters and sorts a visible item by (items.repository.ts: indexRows). */
export interface IndexRow {
  id: number;
  status: Exclude<ItemStatus, 'pending'>;
  price_cents: number;
  /** The newest-first sort key as text at microsecond precision (its cursor key). */
  listed_at: string;
  /** Its category and every category above it (0023's category_path). */
  category_path: number[];
  tag_ids: number[];
  /** Null when the owner has not said (0090). */
  condition: ItemCondition | null;
  /** The distinct lexemes of its stored search vector. */
  lexemes: string[];
}

const STATUS = { available: 'available', reserved: 'reserved', sold: 'sold' } as const;

/** Rows in each sort order's own order (price_desc: the price order backwards). */
const SORTED: Record<ItemFilters['sort'], (a: Entry, b: Entry) => number> = {
  newest: (a, b) => (before('newest', a, b) ? -1 : 1),
  price_asc: (a, b) => (before('cheapest', a, b) ? -1 : 1),
  price_desc: (a, b) => (before('cheapest', b, a) ? -1 : 1),
};
/** Bitsets are intersected when the walk's list holds this many pages' worth or more… */
const AND_AFTER = 16;
/** …and the candidates sorted when there are at most this many. */
const AND_CAP = 4_096;

/** A cursor with its key as the entries hold it: a timestamp as numbers (Entry.listedMs). */
interface Position {
  sort: Cursor['sort'];
  key: number;
  us: number;
  id: number;
}

function positionOf(cursor: Cursor): Position {
  return cursor.sort === 'newest'
    ? { sort: 'newest', key: msOf(cursor.key), us: usOf(cursor.key), id: cursor.id }
    : { sort: cursor.sort, key: cursor.key, us: 0, id: cursor.id };
}

/** Whether `row` comes after the cursor in the cursor's own sort order (items.repository.ts: afterCursor). */
function afterCursor(row: Entry, at: Position): boolean {
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
function priceRange(list: Postings, rows: readonly Entry[], minPrice?: number, maxPrice?: number) {
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

/** A filter every match meets: a list it is in, that list's bitset, and the test of a row. */
interface Must {
  list: Postings | null;
  bits: Uint32Array | null;
  on: (row: Entry) => boolean;
}

const keysOf = (rows: readonly Entry[], wanted: number): ItemKey[] =>
  rows
    .slice(0, wanted)
    .map((row) => ({ id: row.id, price_cents: row.price_cents, listed_at: row.listed_at }));

/**
 * The visible catalogue's sort keys and facets in memory, with a list per
 * category (its subtree) and per tag in both sort orders: a storefront filter
 * walks the shortest list that must contain every match, from the cursor, until
 * the page is full. It answers what `filteredAndOrdered` answers in SQL for the
 * public list (tested against it on both back ends: catalogue-index.test.ts).
 */
export function catalogueIndex(
  rows: IndexRow[] = [],
  slugs: ReadonlyMap<string, number> = new Map(),
) {
  // Each visible row in its slot; a freed slot is given to the next row.
  const slots: Entry[] = [];
  const free: number[] = [];
  const byId = new Map<number, Entry>();
  const byCategory = new Map<number, Postings>();
  const byTag = new Map<number, Postings>();
  // One copy of each lexeme, however many items carry it.
  const lexemes = new Map<string, string>();
  let tagSlugs = slugs;
  const nothing = new Postings(slots);
  const dictionary = termDictionary();
  const searched = termRows(slots, dictionary, () => byId.size);
  const intersected = intersections(AND_CAP);

  const internLexeme = (lexeme: string): string => {
    const known = lexemes.get(lexeme);
    if (known !== undefined) return known;
    lexemes.set(lexeme, lexeme);
    return lexeme;
  };

  function place(row: IndexRow): Entry {
    const entry: Entry = {
      id: row.id,
      // One copy of each status word, not one per row read.
      status: STATUS[row.status],
      price_cents: row.price_cents,
      listed_at: row.listed_at,
      listedMs: msOf(row.listed_at),
      listedUs: usOf(row.listed_at),
      category_path: row.category_path,
      tag_ids: row.tag_ids,
      condition: row.condition,
      lexemes: row.lexemes.map(internLexeme),
      slot: free.pop() ?? slots.length,
    };
    slots[entry.slot] = entry;
    byId.set(entry.id, entry);
    dictionary.add(entry);
    searched.placed(entry);
    return entry;
  }

  const listsOf = (row: IndexRow, create: boolean): Postings[] => {
    const lists: Postings[] = [];
    for (const [ids, map] of [
      [row.category_path, byCategory],
      [row.tag_ids, byTag],
    ] as const) {
      for (const id of ids) {
        const list = map.get(id) ?? (create ? new Postings(slots) : undefined);
        if (!list) continue;
        map.set(id, list);
        lists.push(list);
      }
    }
    return lists;
  };

  const all = Postings.load(slots, rows.map(place), (entry) => listsOf(entry, true));

  function remove(id: number): void {
    const entry = byId.get(id);
    if (!entry) return;
    byId.delete(id);
    all.remove(entry);
    for (const list of listsOf(entry, false)) list.remove(entry);
    searched.removed(entry);
    dictionary.remove(entry);
    delete slots[entry.slot];
    free.push(entry.slot);
  }

  return {
    get size(): number {
      return byId.size;
    },

    /** A visible item as it is now (created, edited or visible again). */
    put(row: IndexRow): void {
      remove(row.id);
      const entry = place(row);
      all.insert(entry);
      for (const list of listsOf(entry, true)) list.insert(entry);
    },

    /** An item no longer visible (pending or deleted). */
    remove,

    /** Every tag's id by slug, read again after a tag was created. */
    setTagSlugs(slugsNow: ReadonlyMap<string, number>): void {
      tagSlugs = slugsNow;
    },

    /** How many visible items carry the tag (spec 4.2 filters 1-2). */
    tagCount(id: number): number {
      return byTag.get(id)?.size ?? 0;
    },

    /** The lowest and highest price of a visible item; nulls when there is none (spec 4.2 filters 3). */
    priceBounds(): { min: number | null; max: number | null } {
      const cheapest = all.cheapest;
      if (cheapest.length === 0) return { min: null, max: null };
      return {
        min: slots[cheapest[0]!]!.price_cents,
        max: slots[cheapest[cheapest.length - 1]!]!.price_cents,
      };
    },

    /** Visible ids, newest first (to warm item JSON in the order customers meet them). */
    ids(): number[] {
      return all.newest.map((slot) => slots[slot]!.id);
    },

    /**
     * The public list's keys, one more than the page when there is a next page,
     * as `listKeys` would read them. `terms` are the prefixes `q` stands for, all
     * of which an item's lexemes must start with (see searchTerms).
     */
    keys(filters: ItemFilters, terms?: readonly string[]): ItemKey[] {
      const { status, minPrice, maxPrice, conditions } = filters;
      // What every match is in: the category's subtree, each tag's items, each term's.
      const musts: Must[] = [];
      const { categoryId } = filters;
      if (categoryId !== undefined) {
        const list = byCategory.get(categoryId) ?? nothing;
        musts.push({ list, bits: list.bits, on: (row) => row.category_path.includes(categoryId) });
      }
      for (const slug of filters.tagSlugs ?? []) {
        const id = tagSlugs.get(slug);
        // No such tag: no item carries it (spec 4.2 rule 2).
        if (id === undefined) return [];
        const list = byTag.get(id) ?? nothing;
        musts.push({ list, bits: list.bits, on: (row) => row.tag_ids.includes(id) });
      }
      for (const term of terms ?? []) {
        // A term's rows are kept from its second search (a rare one's found at once);
        // until then each row is matched.
        const kept = searched.of(term);
        musts.push({
          list: kept?.list ?? null,
          bits: kept?.bits ?? null,
          on: (row) => hasPrefixOf(row.lexemes, term),
        });
      }
      // The shortest list is walked; membership of the others is a bit, or the row's own.
      const driver = musts.reduce<Postings>(
        (shortest, must) => (must.list && must.list.size < shortest.size ? must.list : shortest),
        all,
      );
      const others = musts.filter((must) => must.list !== driver);
      const bitsets = others.flatMap((must) => (must.bits ? [must.bits] : []));
      const rowTests = others.filter((must) => !must.bits).map((must) => must.on);
      const inLists = (slot: number) => {
        for (const bits of bitsets) if (!hasBit(bits, slot)) return false;
        return true;
      };
      const matches = (row: Entry): boolean =>
        (minPrice === undefined || row.price_cents >= minPrice) &&
        (maxPrice === undefined || row.price_cents <= maxPrice) &&
        (status === undefined || row.status === status) &&
        (conditions === undefined ||
          (row.condition !== null && conditions.includes(row.condition))) &&
        rowTests.every((test) => test(row));

      const wanted = filters.limit + 1;
      const cursor = filters.cursor && positionOf(filters.cursor);
      /** The page from candidate slots in any order: the first `wanted` matches after the cursor. */
      const sortedPage = (candidates: Iterable<number>): ItemKey[] => {
        const order = SORTED[filters.sort];
        // Only a page is kept, in order: thousands of candidates cost a comparison
        // each with the page's last row, not a sort of them all.
        const page: number[] = [];
        for (const slot of candidates) {
          if (!inLists(slot)) continue;
          const row = slots[slot]!;
          if (page.length === wanted && order(row, slots[page[wanted - 1]!]!) > 0) continue;
          if (cursor && !afterCursor(row, cursor)) continue;
          if (!matches(row)) continue;
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
      };
      // A category's, tag's or term's list, a long walk ahead and other bitsets to test:
      // their AND is every candidate, found 32 rows at a time; when there are few, the
      // page is picked from them, not walked to. (Not for all items and a common term: it has
      // thousands of rows, and the walk finds a page in a few hundred.)
      if (driver !== all && driver.bits && driver.size > AND_AFTER * wanted && bitsets.length > 0) {
        // A common term's bitset has no list to count its changes: intersected afresh.
        const listed = others.every((must) => !must.bits || must.list);
        const candidates = listed
          ? intersected([driver, ...others.flatMap((must) => (must.bits ? [must.list!] : []))])
          : intersect([driver.bits, ...bitsets], AND_CAP);
        if (candidates) return sortedPage(candidates);
      }
      // Newest first within price bounds: the walk may pass many rows outside them.
      // Past as many rows as the bounds hold, the rows within them are taken instead.
      const bounded =
        filters.sort === 'newest' && (minPrice !== undefined || maxPrice !== undefined);
      const range = bounded ? priceRange(driver, slots, minPrice, maxPrice) : null;
      const budget = range ? range.end - range.start : Number.POSITIVE_INFINITY;
      const found: Entry[] = [];
      const walk = walkOf(driver, slots, filters, cursor);
      const inWalk = (i: number) => (walk.step > 0 ? i < walk.to : i > walk.to);
      for (let i = walk.from; inWalk(i) && found.length < wanted; i += walk.step) {
        if (i - walk.from === budget * walk.step) {
          return sortedPage(range!.slots.slice(range!.start, range!.end));
        }
        const slot = walk.slots[i]!;
        if (!inLists(slot)) continue;
        const row = slots[slot]!;
        if (matches(row)) found.push(row);
      }
      return keysOf(found, wanted);
    },
  };
}

export type CatalogueIndex = ReturnType<typeof catalogueIndex>;
