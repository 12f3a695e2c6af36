import type { ItemCondition, ItemStatus } from '../../db/schema.js';
import { ItemColumns } from './index-columns.js';
import { AND_CAP, type KeysPlan, type KeysQuery, type Must, planKeys } from './index-plan.js';
import { before, intersections, Postings } from './index-postings.js';
import { intersectedPage, pageQuery, walkedPage } from './index-strategies.js';
import type { ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';
import { SlotRun } from './slot-run.js';
import { SlotsById } from './slots-by-id.js';
import { termDictionary } from './term-dictionary.js';
import { termRows } from './term-rows.js';
import { chunked, runNow, type Steps, sorting } from './work-slices.js';

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

/** A load yields after writing this many rows (about a millisecond's worth). */
const PLACED_PER_STEP = 256;
/** Ids given their new slots between yields, once a load has renumbered its rows. */
const RENUMBERED_PER_STEP = 16_384;

/**
 * The visible catalogue's sort keys and facets in memory, with a list per
 * category (its subtree) and per tag in both sort orders: a storefront filter is
 * planned (index-plan.ts: walk the shortest list that must contain every match
 * from the cursor until the page is full, or intersect the lists' bitsets), then
 * run (index-strategies.ts). It answers what `filteredAndOrdered` answers in SQL
 * for the public list (tested against it on both back ends: catalogue-index.test.ts;
 * every plan against filtering every row: index-any-plan.test.ts).
 */
export function catalogueIndex(
  loaded: IndexRow[] = [],
  slugs: ReadonlyMap<string, number> = new Map(),
): CatalogueIndex {
  const load = indexLoad();
  load.add(loaded);
  return runNow(load.finishing(slugs));
}

/**
 * An index being loaded: pages of rows are added as they are read (each row
 * written to its slot), then `finishing` sorts and deals them to their lists in
 * steps that yield, and gives the index.
 */
export function indexLoad() {
  // Each visible row in its slot of the columns; a freed slot is given to the next row.
  const rows = new ItemColumns();
  const free: number[] = [];
  const slotOf = new SlotsById();
  const byCategory = new Map<number, Postings>();
  const byTag = new Map<number, Postings>();
  let tagSlugs: ReadonlyMap<string, number> = new Map();
  // Typed: a million slots copied at once for the sorts, where a JavaScript array's took 10-20 ms.
  let placed = new SlotRun();
  const nothing = new Postings(rows);
  const dictionary = termDictionary();
  // Every item's list (its size the visible count): a searched term's share, and its orders.
  const searched = termRows(rows, dictionary, () => all);
  const intersected = intersections(rows, AND_CAP);

  /** Writes the row to a slot; a load's rows join the term dictionary all at once when it finishes. */
  function place(row: IndexRow, loading = false): number {
    const slot = free.pop() ?? rows.length;
    rows.write(slot, row);
    slotOf.set(row.id, slot);
    if (!loading) dictionary.add(slot, row.lexemes);
    searched.placed(slot);
    return slot;
  }

  /**
   * The lists of the slot's category path and tags, made when `create`. One array for
   * every call, read from the columns in place: a load asks three times a row, and
   * the arrays made for each call were most of the load's garbage (hundreds of
   * scavenges at 1M). Each caller walks it before asking again.
   */
  const lists: Postings[] = [];
  const listsOf = (slot: number, create: boolean): Postings[] => {
    lists.length = 0;
    const path = rows.pathLength(slot);
    for (let i = 0; i < path; i++) listOf(byCategory, rows.pathId(slot, i), create);
    const tags = rows.tagCount(slot);
    for (let i = 0; i < tags; i++) listOf(byTag, rows.tagId(slot, i), create);
    return lists;
  };
  function listOf(map: Map<number, Postings>, id: number, create: boolean): void {
    let list = map.get(id);
    if (list === undefined && create) {
      list = new Postings(rows);
      map.set(id, list);
    }
    if (list !== undefined) lists.push(list);
  }

  // Every item's list, once the load is finished.
  let all = nothing;

  /** What every match is in: the category's subtree, each tag's items, each term's; null when nothing can match. */
  function mustsOf(filters: ItemFilters, terms?: readonly string[]): Must<Postings>[] | null {
    const musts: Must<Postings>[] = [];
    const { categoryId } = filters;
    if (categoryId !== undefined) {
      const list = byCategory.get(categoryId) ?? nothing;
      musts.push({ list, bits: list.bits, on: (slot) => rows.inCategory(slot, categoryId) });
    }
    for (const slug of filters.tagSlugs ?? []) {
      const id = tagSlugs.get(slug);
      // No such tag: no item carries it (spec 4.2 rule 2).
      if (id === undefined) return null;
      const list = byTag.get(id) ?? nothing;
      musts.push({ list, bits: list.bits, on: (slot) => rows.hasTag(slot, id) });
    }
    for (const term of terms ?? []) {
      // A term's rows are kept from its second search (a rare one's found at once);
      // until then each row is matched.
      const kept = searched.of(term);
      musts.push({
        list: kept?.list ?? null,
        bits: kept?.bits ?? null,
        on: (slot) => rows.hasPrefix(slot, term),
      });
    }
    return musts;
  }

  const queryOf = (filters: ItemFilters, terms?: readonly string[]): KeysQuery<Postings> => ({
    musts: mustsOf(filters, terms),
    all,
    filters,
  });

  function run(plan: KeysPlan<Postings>, filters: ItemFilters): ItemKey[] {
    if (plan.strategy === 'nothing') return [];
    const walk = plan.strategy === 'walk' ? plan : plan.otherwise;
    const q = pageQuery(rows, filters, walk);
    if (plan.strategy === 'intersect') {
      const page = intersectedPage(plan, q, intersected);
      if (page) return page;
    }
    return walkedPage(walk, q);
  }

  function remove(id: number): void {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    slotOf.delete(id);
    all.remove(slot);
    for (const list of listsOf(slot, false)) list.remove(slot);
    searched.removed(slot);
    dictionary.remove(slot, rows.lexemes(slot));
    rows.clear(slot);
    free.push(slot);
  }

  const index = {
    get size(): number {
      return slotOf.size;
    },

    /** A visible item as it is now (created, edited or visible again). */
    put(row: IndexRow): void {
      const slot = slotOf.get(row.id);
      if (slot !== undefined && rows.placedAlike(slot, row)) {
        rows.restate(slot, row);
        return;
      }
      remove(row.id);
      const placed = place(row);
      all.insert(placed);
      for (const list of listsOf(placed, true)) list.insert(placed);
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
        min: rows.prices[cheapest[0]!]!,
        max: rows.prices[cheapest[cheapest.length - 1]!]!,
      };
    },

    /**
     * Visible ids, newest first (to warm item JSON in the order customers meet
     * them); typed, as a million-element JavaScript array took 100+ ms at once.
     */
    ids(): Int32Array {
      const newest = all.newest;
      const ids = new Int32Array(newest.length);
      for (let i = 0; i < newest.length; i++) ids[i] = rows.ids[newest[i]!]!;
      return ids;
    },

    /**
     * The public list's keys, one more than the page when there is a next page,
     * as `listKeys` would read them. `terms` are the prefixes `q` stands for, all
     * of which an item's lexemes must start with (see searchTerms).
     */
    keys(filters: ItemFilters, terms?: readonly string[]): ItemKey[] {
      return run(planKeys(queryOf(filters, terms)), filters);
    },

    /**
     * What the planner weighs for these filters (index-plan.ts). Each term's rows
     * are looked up as a search does, so asking counts as the term's search.
     */
    queryOf,

    /** The page a plan of this index's lists finds: any such plan finds the same. */
    run,
  };

  return {
    /** Room for `total` rows in all, made once rather than grown as they come, in steps. */
    *expecting(total: number): Steps<void> {
      yield* rows.reserving(total);
    },

    /** `expecting` at once. */
    expect(total: number): void {
      runNow(this.expecting(total));
    },

    /** Rows read, written to their slots (a page at a time), yielding between a few hundred. */
    *adding(page: readonly IndexRow[]): Steps<void> {
      for (let i = 0; i < page.length; i++) {
        placed.push(place(page[i]!, true));
        if (i % PLACED_PER_STEP === PLACED_PER_STEP - 1) yield;
      }
    },

    /** `adding` at once. */
    add(page: readonly IndexRow[]): void {
      runNow(this.adding(page));
    },

    /** Sorts and deals what was added in steps, then gives the index. */
    *finishing(slugs: ReadonlyMap<string, number>): Steps<typeof index> {
      // The rows renumbered newest first (ItemColumns.reordering): slot k is the
      // k-th newest, so every list's newest order runs up through the columns.
      const order = yield* sorting(placed.view.slice(), (a, b) => before(rows, 'newest', a, b));
      placed = new SlotRun();
      yield* rows.reordering(order);
      // The order is spent: its array becomes the slots newest first, 0 to n - 1.
      const newest = order;
      yield* chunked(newest.length, RENUMBERED_PER_STEP, (from, to) => {
        for (let slot = from; slot < to; slot++) {
          newest[slot] = slot;
          slotOf.set(rows.ids[slot]!, slot);
        }
      });
      all = yield* Postings.loading(rows, newest, (slot) => listsOf(slot, true));
      yield* dictionary.loading(newest, rows);
      yield* dictionary.sorting();
      tagSlugs = slugs;
      return index;
    },
  };
}

export type CatalogueIndex =
  ReturnType<ReturnType<typeof indexLoad>['finishing']> extends Steps<infer T> ? T : never;
