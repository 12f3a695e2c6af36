import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemCondition } from '../../db/schema.js';
import { catalogueIndex, type IndexRow } from './catalogue-index.js';
import {
  describePlan,
  intersectPlan,
  type KeysPlan,
  type KeysQuery,
  type Must,
  planKeys,
  walkPlan,
} from './index-plan.js';
import type { Postings } from './index-postings.js';
import type { Cursor, ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';

// Whatever the planner picks, any plan it could have picked finds the same page:
// for random catalogues (sometimes long enough for lists to keep bitsets, from 256
// rows on) and random queries, every list walked, with and without the turn to
// sorting the price range, every intersection (kept or afresh), and every must
// weakened as a first search leaves a term (a bitset only, or a test of each row),
// answers what filtering every row and sorting it answers. Before and after puts
// and removes, and each query twice (a term's second search keeps its rows).
// catalogue-index.test.ts compares the index with the SQL itself on both back ends.

const PRICES = [100, 250, 250, 900, 4_000];
// Leaf categories with their paths: 1 > 2 > 3, and 4 > 5.
const PATHS = [[], [1], [1, 2], [1, 2, 3], [4], [4, 5]];
const SLUGS = new Map([
  ['a', 1],
  ['b', 2],
  ['c', 3],
  ['d', 4],
]);
// Commoner words more often: `table` keeps a bitset, `zinc` a list of its own.
const WORDS = ['table', 'table', 'table', 'teak', 'teak', 'tall', 'lamp', 'lantern', 'oak', 'zinc'];
const TERMS = ['t', 'ta', 'table', 'teak', 'tall', 'la', 'lamp', 'lantern', 'oak', 'zinc', 'x'];
const CONDITIONS: ItemCondition[] = ['new', 'good', 'fair'];

/** Few instants, a millisecond and a microsecond apart too: ties are common. */
const instant = (day: number, ms: number, us: number) =>
  `2026-01-0${1 + day}T12:00:00.${String(ms).padStart(3, '0')}${String(us).padStart(3, '0')}Z`;

const rowShape = fc.record({
  status: fc.constantFrom('available' as const, 'reserved' as const, 'sold' as const),
  price_cents: fc.constantFrom(...PRICES),
  listed_at: fc.tuple(fc.nat(3), fc.nat(1), fc.nat(2)).map(([day, ms, us]) => instant(day, ms, us)),
  category_path: fc.constantFrom(...PATHS),
  tag_ids: fc.subarray([1, 2, 3, 4]),
  condition: fc.constantFrom(null, ...CONDITIONS),
  lexemes: fc
    .array(fc.constantFrom(...WORDS), { maxLength: 3 })
    .map((words) => [...new Set(words)]),
});
type RowShape = typeof rowShape extends fc.Arbitrary<infer T> ? T : never;

const catalogues = fc.record({
  rows: fc.array(rowShape, { maxLength: 700, size: 'max' }),
  // Each edit: a row put (new, or an existing one changed, or only its status and
  // condition: held, released, sold) or removed.
  edits: fc.array(
    fc.record({
      remove: fc.boolean(),
      at: fc.nat(),
      row: rowShape,
      isNew: fc.boolean(),
      restated: fc.boolean(),
    }),
    { maxLength: 30 },
  ),
});

const queries = fc.record({
  categoryId: fc.option(fc.constantFrom(1, 2, 3, 4, 5, 99), { nil: undefined }),
  tagSlugs: fc.option(fc.subarray(['a', 'b', 'c', 'd', 'nope'], { minLength: 1 }), {
    nil: undefined,
  }),
  terms: fc.array(fc.constantFrom(...TERMS), { maxLength: 2 }),
  minPrice: fc.option(fc.constantFrom(...PRICES), { nil: undefined }),
  maxPrice: fc.option(fc.constantFrom(...PRICES), { nil: undefined }),
  status: fc.option(fc.constantFrom('available' as const, 'sold' as const), { nil: undefined }),
  conditions: fc.option(fc.subarray(CONDITIONS, { minLength: 1 }), { nil: undefined }),
  sort: fc.constantFrom('newest' as const, 'price_asc' as const, 'price_desc' as const),
  limit: fc.integer({ min: 1, max: 8 }),
  // After a row's own key, or after a key no row need have.
  cursor: fc.option(
    fc.oneof(
      fc.record({ row: fc.nat() }),
      fc.record({ day: fc.nat(4), price: fc.constantFrom(...PRICES), id: fc.nat(800) }),
    ),
    { nil: undefined },
  ),
  // How each must is weakened: kept as is, its bitset alone, or its row test alone.
  weaken: fc.array(fc.constantFrom('as is', 'bits', 'row'), { minLength: 8, maxLength: 8 }),
});
type Query = typeof queries extends fc.Arbitrary<infer T> ? T : never;

function filtersOf(q: Query, rows: readonly IndexRow[]): ItemFilters {
  const filters: ItemFilters = { includePending: false, sort: q.sort, limit: q.limit };
  if (q.categoryId !== undefined) filters.categoryId = q.categoryId;
  if (q.tagSlugs !== undefined) filters.tagSlugs = q.tagSlugs;
  if (q.minPrice !== undefined) filters.minPrice = q.minPrice;
  if (q.maxPrice !== undefined) filters.maxPrice = q.maxPrice;
  if (q.status !== undefined) filters.status = q.status;
  if (q.conditions !== undefined) filters.conditions = [...q.conditions].sort();
  if (q.cursor) {
    const at =
      'row' in q.cursor
        ? rows[q.cursor.row % Math.max(1, rows.length)]
        : { listed_at: instant(q.cursor.day, 0, 0), price_cents: q.cursor.price, id: q.cursor.id };
    if (at) {
      filters.cursor =
        q.sort === 'newest'
          ? { sort: 'newest', key: at.listed_at, id: at.id }
          : { sort: q.sort, key: at.price_cents, id: at.id };
    }
  }
  return filters;
}

/** The rule read plainly: every row that matches, after the cursor, sorted, the first `limit + 1`. */
function model(rows: readonly IndexRow[], filters: ItemFilters, terms: string[]): ItemKey[] {
  const tagIds = (filters.tagSlugs ?? []).map((slug) => SLUGS.get(slug));
  if (tagIds.includes(undefined)) return [];
  const newest = (a: IndexRow, b: IndexRow) =>
    a.listed_at !== b.listed_at ? (a.listed_at > b.listed_at ? -1 : 1) : b.id - a.id;
  const cheapest = (a: IndexRow, b: IndexRow) => a.price_cents - b.price_cents || a.id - b.id;
  const order =
    filters.sort === 'newest'
      ? newest
      : filters.sort === 'price_asc'
        ? cheapest
        : (a: IndexRow, b: IndexRow) => cheapest(b, a);
  const after = (cursor: Cursor, row: IndexRow) =>
    order(
      cursor.sort === 'newest'
        ? { ...row, listed_at: cursor.key, id: cursor.id }
        : { ...row, price_cents: cursor.key, id: cursor.id },
      row,
    ) < 0;
  return rows
    .filter(
      (row) =>
        (filters.categoryId === undefined || row.category_path.includes(filters.categoryId)) &&
        tagIds.every((id) => row.tag_ids.includes(id!)) &&
        (filters.minPrice === undefined || row.price_cents >= filters.minPrice) &&
        (filters.maxPrice === undefined || row.price_cents <= filters.maxPrice) &&
        (filters.status === undefined || row.status === filters.status) &&
        (filters.conditions === undefined ||
          (row.condition !== null && filters.conditions.includes(row.condition))) &&
        terms.every((term) => row.lexemes.some((lexeme) => lexeme.startsWith(term))) &&
        (!filters.cursor || after(filters.cursor, row)),
    )
    .sort(order)
    .slice(0, filters.limit + 1)
    .map((row) => ({ id: row.id, price_cents: row.price_cents, listed_at: row.listed_at }));
}

/** Each must as kept, as a bitset alone (a common term's), or as a row test alone (a first search). */
function weakened(query: KeysQuery<Postings>, how: Query['weaken']): KeysQuery<Postings> {
  const musts = query.musts?.map((must, i): Must<Postings> => {
    if (how[i % how.length] === 'bits') return { ...must, list: null };
    if (how[i % how.length] === 'row') return { ...must, list: null, bits: null };
    return must;
  });
  return { ...query, musts: musts ?? null };
}

/** Every plan the planner could choose for the query: each list walked, and each intersection. */
function everyPlan(query: KeysQuery<Postings>): KeysPlan<Postings>[] {
  if (query.musts === null) return [{ strategy: 'nothing' }];
  const drivers = new Set([query.all, ...query.musts.flatMap((must) => must.list ?? [])]);
  const plans: KeysPlan<Postings>[] = [];
  for (const driver of drivers) {
    for (const priceBounded of [false, true]) {
      const walk = walkPlan(query, driver, priceBounded);
      plans.push(walk);
      const intersection = intersectPlan(query, walk);
      if (intersection) plans.push(intersection, { ...intersection, lists: null });
    }
  }
  return plans;
}

const rowsOf = (shapes: RowShape[], firstId: number): IndexRow[] =>
  shapes.map((shape, i) => ({ ...shape, id: firstId + i }));

describe('every plan of the storefront index', () => {
  it('finds the page filtering every row finds, before and after puts and removes', () => {
    fc.assert(
      fc.property(catalogues, fc.array(queries, { minLength: 1, maxLength: 4 }), (c, qs) => {
        const live = new Map(rowsOf(c.rows, 1).map((row) => [row.id, row]));
        const index = catalogueIndex([...live.values()], SLUGS);
        const check = () => {
          const rows = [...live.values()];
          for (const q of qs) {
            const filters = filtersOf(q, rows);
            const expected = model(rows, filters, q.terms);
            for (let search = 0; search < 2; search++) {
              const query = index.queryOf(filters, q.terms);
              const chosen = planKeys(query);
              expect(index.run(chosen, filters), describePlan(chosen)).toEqual(expected);
              for (const plan of everyPlan(weakened(query, q.weaken))) {
                expect(index.run(plan, filters), describePlan(plan)).toEqual(expected);
              }
            }
            expect(index.keys(filters, q.terms)).toEqual(expected);
          }
        };
        check();
        let nextId = c.rows.length + 1;
        for (const edit of c.edits) {
          const ids = [...live.keys()];
          const id = edit.isNew || ids.length === 0 ? nextId++ : ids[edit.at % ids.length]!;
          if (edit.remove) {
            live.delete(id);
            index.remove(id);
          } else {
            const was = live.get(id);
            const row =
              edit.restated && was
                ? { ...was, status: edit.row.status, condition: edit.row.condition }
                : { ...edit.row, id };
            live.set(id, row);
            index.put(row);
          }
        }
        check();
      }),
      // A failure names its seed; shrinking catalogues of hundreds of rows would take minutes.
      { numRuns: 60, endOnFailure: true },
    );
  });
});
