import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemCondition } from '../../db/schema.js';
import type { IndexRow } from './catalogue-index.js';
import { ItemColumns, textOf } from './index-columns.js';
import { AND_CAP, type IntersectPlan, type WalkPlan } from './index-plan.js';
import { Postings } from './index-postings.js';
import {
  intersectedPage,
  pageQuery,
  positionOf,
  sortedPage,
  walkedPage,
} from './index-strategies.js';
import type { Cursor, ItemFilters } from './item-filters.js';

// Each strategy alone, against the plainest reading of the rule: every row that
// is in the lists and matches, after the cursor, sorted, the first `limit + 1`.
// Prices and instants are drawn from few values so that ties (broken by id) are
// common.

const BASE = Date.UTC(2026, 0, 1);
const STATUSES = ['available', 'reserved', 'sold'] as const;
const CONDITIONS: ItemCondition[] = ['new', 'good', 'fair'];

const cases = fc.record({
  rows: fc.array(
    fc.record({
      price: fc.integer({ min: 1, max: 8 }),
      at: fc.integer({ min: 0, max: 8 }),
      status: fc.constantFrom(...STATUSES),
      condition: fc.constantFrom(null, ...CONDITIONS),
      // In the list walked (or the intersection's first bitset), and in another list tested by bit.
      inList: fc.boolean(),
      inOther: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  ),
  sort: fc.constantFrom('newest' as const, 'price_asc' as const, 'price_desc' as const),
  limit: fc.integer({ min: 1, max: 6 }),
  minPrice: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  maxPrice: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
  conditions: fc.option(fc.subarray([...CONDITIONS], { minLength: 1 }), { nil: undefined }),
  cursorAt: fc.option(fc.nat(), { nil: undefined }),
  otherList: fc.boolean(),
  evenOnly: fc.boolean(),
});

type Case = typeof cases extends fc.Arbitrary<infer T> ? T : never;

function bitsOf(slots: readonly number[]): Uint32Array {
  const bits = new Uint32Array((Math.max(0, ...slots) >>> 5) + 1);
  for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
  return bits;
}

/** A row as the test reads it (its slot, its id one more). */
type Row = ReturnType<typeof rowAt>;

function rowAt(slot: number, row: Partial<Case['rows'][number]>) {
  const ms = BASE + (row.at ?? 0) * 1_000;
  return {
    slot,
    id: slot + 1,
    status: row.status ?? 'available',
    price_cents: (row.price ?? 1) * 100,
    ms,
    listed_at: textOf(ms, 0),
    condition: row.condition ?? null,
  };
}

/** The rows in columns, each in its slot. */
function columnsOf(rows: readonly Row[]): ItemColumns {
  const columns = new ItemColumns();
  for (const row of rows) {
    columns.write(row.slot, { ...row, category_path: [], tag_ids: [], lexemes: [] });
  }
  return columns;
}

/** The plainest reading of each sort order (ties broken by id). */
const ORDER: Record<ItemFilters['sort'], (a: Row, b: Row) => number> = {
  newest: (a, b) => b.ms - a.ms || b.id - a.id,
  price_asc: (a, b) => a.price_cents - b.price_cents || a.id - b.id,
  price_desc: (a, b) => b.price_cents - a.price_cents || b.id - a.id,
};

function setUp(c: Case) {
  const slots = c.rows.map((row, slot) => rowAt(slot, row));
  const columns = columnsOf(slots);
  const members = slots.filter((_, slot) => c.rows[slot]!.inList);
  const others = slots.filter((_, slot) => c.rows[slot]!.inOther);
  const at = c.cursorAt === undefined ? undefined : slots[c.cursorAt % slots.length]!;
  const cursor: Cursor | undefined =
    at === undefined
      ? undefined
      : c.sort === 'newest'
        ? { sort: 'newest', key: at.listed_at, id: at.id }
        : { sort: c.sort, key: at.price_cents, id: at.id };
  const filters: ItemFilters = {
    includePending: false,
    sort: c.sort,
    limit: c.limit,
    minPrice: c.minPrice && c.minPrice * 100,
    maxPrice: c.maxPrice && c.maxPrice * 100,
    status: c.status,
    conditions: c.conditions,
    cursor,
  };
  // A filter no list stands for: the row's own test.
  const evenOnly = (slot: number) => (slot + 1) % 2 === 0;
  const bitsets = c.otherList ? [bitsOf(others.map((row) => row.slot))] : [];
  const rowTests = c.evenOnly ? [evenOnly] : [];
  const q = pageQuery(columns, filters, { bitsets, rowTests });

  const order = ORDER[c.sort];
  const past = (row: Row) => !at || (order(at, row) < 0 && at.id !== row.id);
  const expected = members
    .filter(
      (row) =>
        past(row) &&
        (!c.otherList || c.rows[row.slot]!.inOther) &&
        (!c.evenOnly || evenOnly(row.slot)) &&
        (filters.minPrice === undefined || row.price_cents >= filters.minPrice) &&
        (filters.maxPrice === undefined || row.price_cents <= filters.maxPrice) &&
        (c.status === undefined || row.status === c.status) &&
        (c.conditions === undefined ||
          (row.condition !== null && c.conditions.includes(row.condition))),
    )
    .sort(order)
    .slice(0, c.limit + 1)
    .map((row) => row.id);
  const walk: WalkPlan<Postings> = {
    strategy: 'walk',
    driver: Postings.of(
      columns,
      members.map((row) => row.slot),
    ),
    bitsets,
    rowTests,
    priceBounded: c.sort === 'newest' && (c.minPrice !== undefined || c.maxPrice !== undefined),
  };
  return { columns, members, q, walk, expected };
}

const ids = (keys: Array<{ id: number }>) => keys.map((key) => key.id);

describe('the index strategies, each alone', () => {
  it('picking the page from candidates in any order finds the first matches after the cursor', () => {
    fc.assert(
      fc.property(cases, fc.boolean(), (c, reversed) => {
        const { members, q, expected } = setUp(c);
        const candidates = members.map((row) => row.slot);
        if (reversed) candidates.reverse();
        expect(ids(sortedPage(candidates, q))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('walking a list from the cursor finds the same, with or without the turn to sorting the price range', () => {
    fc.assert(
      fc.property(cases, fc.boolean(), (c, turn) => {
        const { q, walk, expected } = setUp(c);
        expect(ids(walkedPage(walk, q))).toEqual(expected);
        // The turn is the walk's to take or not: the page is the same.
        expect(ids(walkedPage({ ...walk, priceBounded: turn }, q))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('an intersection finds the same from its bitsets, kept or afresh', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const { columns, members, q, walk, expected } = setUp(c);
        const bits = bitsOf(members.map((row) => row.slot));
        const plan: IntersectPlan<Postings> = {
          strategy: 'intersect',
          lists: null,
          bitsets: [bits, ...walk.bitsets],
          otherwise: walk,
        };
        const never = () => {
          throw new Error('no list to keep an intersection by');
        };
        expect(ids(intersectedPage(plan, q, never) ?? [])).toEqual(expected);
        // A kept intersection: its members as a list in both orders, as `intersections` gives it.
        const kept = () =>
          Postings.of(
            columns,
            members.map((row) => row.slot),
          );
        const listed = {
          ...plan,
          lists: [
            Postings.of(
              columns,
              members.map((row) => row.slot),
            ),
          ],
        };
        expect(ids(intersectedPage(listed, q, kept) ?? [])).toEqual(expected);
        expect(intersectedPage(listed, q, () => null)).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('an intersection of more than AND_CAP candidates gives up, for the walk to find the page', () => {
    for (const count of [AND_CAP, AND_CAP + 1]) {
      const slots = Array.from({ length: count }, (_, slot) => slot);
      const columns = columnsOf(slots.map((slot) => rowAt(slot, { price: 1, at: slot })));
      const filters: ItemFilters = { includePending: false, sort: 'newest', limit: 2 };
      const walk: WalkPlan<Postings> = {
        strategy: 'walk',
        driver: Postings.of(columns, slots),
        bitsets: [],
        rowTests: [],
        priceBounded: false,
      };
      const plan: IntersectPlan<Postings> = {
        strategy: 'intersect',
        lists: null,
        bitsets: [bitsOf(slots)],
        otherwise: walk,
      };
      const page = intersectedPage(plan, pageQuery(columns, filters, walk), () => null);
      expect(page && ids(page)).toEqual(count > AND_CAP ? null : [count, count - 1, count - 2]);
    }
  });
});

describe('the tests a page query makes of a slot and a row', () => {
  it('a slot is in the lists when every bitset has it; a row matches price, status, condition and row tests', () => {
    const columns = new ItemColumns();
    const q = pageQuery(
      columns,
      { includePending: false, sort: 'newest', limit: 1, minPrice: 200, conditions: ['good'] },
      {
        bitsets: [bitsOf([1, 33]), bitsOf([33, 40])],
        rowTests: [(slot) => columns.ids[slot] !== 7],
      },
    );
    expect([1, 33, 40, 70].map((slot) => q.inLists(slot))).toEqual([false, true, false, false]);
    const matches = (over: Partial<IndexRow>): boolean => {
      columns.write(0, {
        id: 1,
        status: 'available',
        price_cents: 200,
        listed_at: '2026-01-01T00:00:00.000000Z',
        category_path: [],
        tag_ids: [],
        condition: 'good',
        lexemes: [],
        ...over,
      });
      return q.matches(0);
    };
    expect(matches({})).toBe(true);
    expect(matches({ price_cents: 199 })).toBe(false);
    expect(matches({ condition: null })).toBe(false);
    expect(matches({ id: 7 })).toBe(false);
    expect(matches({ status: 'sold' })).toBe(true);
    expect(
      pageQuery(
        columns,
        { includePending: false, sort: 'newest', limit: 1, status: 'pending' },
        {
          bitsets: [],
          rowTests: [],
        },
      ).matches(0),
    ).toBe(false);
    expect(positionOf({ sort: 'newest', key: '2026-01-01T00:00:00.001002Z', id: 3 })).toEqual({
      sort: 'newest',
      key: Date.UTC(2026, 0, 1) + 1,
      us: 2,
      id: 3,
    });
  });
});
