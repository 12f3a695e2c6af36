import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WalkPlan } from './index-plan.js';
import { type Entry, Postings } from './index-postings.js';
import { type PageQuery, positionOf, SORTED, sortedPage, walkedPage } from './index-strategies.js';
import type { Cursor, ItemFilters } from './item-filters.js';

// Each strategy alone, against the plainest reading of the rule: every row that
// matches, after the cursor, sorted, the first `limit + 1`. Prices and instants
// are drawn from few values so that ties (broken by id) are common.

const BASE = Date.UTC(2026, 0, 1);

const entries = (rows: Array<{ price: number; at: number; inList: boolean }>) =>
  rows.map(
    ({ price, at }, slot): Entry => ({
      id: slot + 1,
      status: 'available',
      price_cents: price * 100,
      listed_at: new Date(BASE + at * 1_000).toISOString().replace('Z', '000Z'),
      listedMs: BASE + at * 1_000,
      listedUs: 0,
      category_path: [],
      tag_ids: [],
      condition: null,
      lexemes: [],
      slot,
    }),
  );

const cases = fc.record({
  rows: fc.array(
    fc.record({
      price: fc.integer({ min: 1, max: 8 }),
      at: fc.integer({ min: 0, max: 8 }),
      inList: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  ),
  sort: fc.constantFrom('newest' as const, 'price_asc' as const, 'price_desc' as const),
  limit: fc.integer({ min: 1, max: 6 }),
  minPrice: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  maxPrice: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  cursorAt: fc.option(fc.nat(), { nil: undefined }),
  evenOnly: fc.boolean(),
});

type Case = typeof cases extends fc.Arbitrary<infer T> ? T : never;

function setUp(c: Case) {
  const slots = entries(c.rows);
  const members = slots.filter((_, slot) => c.rows[slot]!.inList);
  const at = c.cursorAt === undefined ? undefined : slots[c.cursorAt % slots.length]!;
  const cursor: Cursor | undefined =
    at === undefined
      ? undefined
      : c.sort === 'newest'
        ? { sort: 'newest', key: at.listed_at, id: at.id }
        : { sort: c.sort, key: at.price_cents, id: at.id };
  const filters = {
    sort: c.sort,
    limit: c.limit,
    minPrice: c.minPrice && c.minPrice * 100,
    maxPrice: c.maxPrice && c.maxPrice * 100,
    cursor,
  } as ItemFilters;
  const inBounds = (row: Entry) =>
    (filters.minPrice === undefined || row.price_cents >= filters.minPrice) &&
    (filters.maxPrice === undefined || row.price_cents <= filters.maxPrice);
  // A filter no list stands for: the row's own test.
  const rowTest = (row: Entry) => !c.evenOnly || row.id % 2 === 0;
  const q: PageQuery = {
    slots,
    filters,
    cursor: cursor && positionOf(cursor),
    inLists: () => true,
    matches: (row) => inBounds(row) && rowTest(row),
  };
  const order = SORTED[c.sort];
  const past = (row: Entry) => {
    if (!at) return true;
    return order(at, row) < 0 && at.id !== row.id;
  };
  const expected = members
    .filter((row) => past(row) && inBounds(row) && rowTest(row))
    .sort(order)
    .slice(0, c.limit + 1)
    .map((row) => row.id);
  return { slots, members, q, expected };
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

  it('walking a list from the cursor finds the same, with or without the price-bounded turn to sorting', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const { slots, members, q, expected } = setUp(c);
        const plan: WalkPlan<Postings> = {
          kind: 'walk',
          driver: Postings.of(slots, members),
          bitsets: [],
          rowTests: [],
          priceBounded:
            c.sort === 'newest' &&
            (q.filters.minPrice !== undefined || q.filters.maxPrice !== undefined),
        };
        expect(ids(walkedPage(plan, q))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
