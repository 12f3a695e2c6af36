import { describe, expect, it } from 'vitest';
import {
  AND_AFTER,
  describePlan,
  intersectPlan,
  type KeysQuery,
  type Must,
  type PlanFilters,
  planKeys,
  type Sized,
  walkPlan,
} from './index-plan.js';

// Which strategy the storefront index picks for a page, from the lists' sizes
// and whether they keep bitsets alone: no row is looked at.

const list = (size: number, bits = true): Sized => ({
  size,
  bits: bits ? new Uint32Array(1) : null,
});
const must = (of: Sized | null, bits = of?.bits ?? null): Must => ({
  list: of,
  bits,
  on: () => true,
});
const all = list(100_000);
const newest: PlanFilters = { sort: 'newest', limit: 24 };
const query = (musts: Must[] | null, filters: PlanFilters = newest): KeysQuery => ({
  musts,
  all,
  filters,
});
// More than this many rows in the driving list and an intersection pays.
const LONG = AND_AFTER * (newest.limit + 1) + 1;

describe('the index planner', () => {
  it('plans nothing when a filter names something that does not exist', () => {
    expect(planKeys(query(null))).toEqual({ strategy: 'nothing' });
  });

  it('walks every item when nothing narrows the list, turning to the price range only newest first', () => {
    expect(planKeys(query([]))).toMatchObject({
      strategy: 'walk',
      driver: all,
      bitsets: [],
      rowTests: [],
      priceBounded: false,
    });
    expect(planKeys(query([], { ...newest, minPrice: 100 }))).toMatchObject({
      strategy: 'walk',
      priceBounded: true,
    });
    expect(planKeys(query([], { ...newest, sort: 'price_asc', maxPrice: 100 }))).toMatchObject({
      strategy: 'walk',
      priceBounded: false,
    });
  });

  it('walks the shortest list and tests the others by bit, or by row when one keeps no bitset', () => {
    const category = list(5_000);
    const tag = list(80);
    // A common term searched for the first time: neither a list nor a bitset.
    const firstSearch = must(null, null);
    const plan = planKeys(query([must(category), must(tag), firstSearch]));
    expect(plan).toEqual({
      strategy: 'walk',
      driver: tag,
      bitsets: [category.bits],
      rowTests: [firstSearch.on],
      priceBounded: false,
    });
  });

  it('intersects kept lists when the shortest is long and another bitset narrows it', () => {
    const category = list(LONG);
    const tag = list(LONG * 2);
    const plan = planKeys(query([must(tag), must(category)]));
    expect(plan).toMatchObject({
      strategy: 'intersect',
      lists: [category, tag],
      bitsets: [category.bits, tag.bits],
      otherwise: { strategy: 'walk', driver: category, bitsets: [tag.bits] },
    });
  });

  it('intersects afresh when a bitset has no list to keep its intersections by', () => {
    const category = list(LONG);
    // A common term's kept rows: a bitset alone.
    const termBits = new Uint32Array(1);
    expect(planKeys(query([must(category), must(null, termBits)]))).toMatchObject({
      strategy: 'intersect',
      lists: null,
      bitsets: [category.bits, termBits],
    });
  });

  it('walks when the shortest list is a few pages long, is every item, keeps no bitset, or nothing else has one', () => {
    const short = list(LONG - 1);
    expect(planKeys(query([must(short), must(list(LONG * 2))])).strategy).toBe('walk');
    // A category of every item: its list is no shorter than all's, so all is walked,
    // and all is never intersected (a common term alone would pass the cap).
    expect(planKeys(query([must(list(all.size))])).strategy).toBe('walk');
    expect(planKeys(query([must(null, new Uint32Array(1))])).strategy).toBe('walk');
    expect(planKeys(query([must(list(LONG, false)), must(list(LONG * 2))])).strategy).toBe('walk');
    expect(planKeys(query([must(list(LONG)), must(null, null)])).strategy).toBe('walk');
    // A longer page moves the threshold.
    const longerPage = { ...newest, limit: 48 };
    expect(planKeys(query([must(list(LONG)), must(list(LONG * 2))], longerPage)).strategy).toBe(
      'walk',
    );
  });
});

describe('the plans the planner chooses among', () => {
  it('walk any list, leaving out of the tests the musts that list stands for', () => {
    const tag = list(300);
    const sameTag = must(tag);
    const category = list(900);
    const q = query([must(tag), sameTag, must(category)]);
    expect(walkPlan(q, category)).toMatchObject({
      driver: category,
      bitsets: [tag.bits, tag.bits],
    });
    expect(walkPlan(q, tag)).toMatchObject({ driver: tag, bitsets: [category.bits] });
    expect(walkPlan(q, all)).toMatchObject({
      driver: all,
      bitsets: [tag.bits, tag.bits, category.bits],
    });
  });

  it('intersect only when the driver can be told from the candidates and a bitset narrows them', () => {
    const tag = list(300);
    const small = list(100, false);
    const q = query([must(tag), must(small)]);
    // A driver without a bitset is not among the candidates' tests.
    expect(intersectPlan(q, walkPlan(q, small))).toBeNull();
    // Every item needs no test; then the others' bitsets are the candidates.
    const allWithout = list(100_000, false);
    const q2: KeysQuery = { ...q, all: allWithout };
    expect(intersectPlan(q2, walkPlan(q2, allWithout))).toMatchObject({
      lists: [tag],
      bitsets: [tag.bits],
    });
    expect(intersectPlan(query([must(small)]), walkPlan(query([must(small)]), small))).toBeNull();
  });

  it('say in a line what they do', () => {
    const category = list(LONG);
    const plan = planKeys(
      query([must(category), must(list(LONG * 2)), must(null, null)], { ...newest, minPrice: 1 }),
    );
    expect(describePlan(plan)).toBe(
      `intersect 2 bitsets kept, else walk ${LONG} rows, 1 bitsets, 1 row tests, then the price range sorted`,
    );
    expect(describePlan(planKeys(query(null)))).toBe('nothing');
  });
});
