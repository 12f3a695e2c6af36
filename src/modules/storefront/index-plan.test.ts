import { describe, expect, it } from 'vitest';
import { AND_AFTER, type Must, planKeys, type Sized } from './index-plan.js';

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
const newest = { sort: 'newest' as const, limit: 24 };
// More than this many rows in the driving list and an intersection pays.
const LONG = AND_AFTER * (newest.limit + 1) + 1;

describe('the index planner', () => {
  it('plans nothing when a filter names something that does not exist', () => {
    expect(planKeys(null, all, newest)).toEqual({ kind: 'nothing' });
  });

  it('walks every item when nothing narrows the list, bounded by price only newest first', () => {
    const plain = planKeys([], all, newest);
    expect(plain).toMatchObject({ kind: 'walk', driver: all, bitsets: [], priceBounded: false });
    expect(planKeys([], all, { ...newest, minPrice: 100 })).toMatchObject({
      kind: 'walk',
      priceBounded: true,
    });
    expect(planKeys([], all, { ...newest, sort: 'price_asc', maxPrice: 100 })).toMatchObject({
      kind: 'walk',
      priceBounded: false,
    });
  });

  it('walks the shortest list and tests the others by bit, or by row when one keeps no bitset', () => {
    const category = list(5_000);
    const tag = list(80);
    const commonTerm = must(null, null);
    const plan = planKeys([must(category), must(tag), commonTerm], all, newest);
    expect(plan.kind).toBe('walk');
    if (plan.kind !== 'walk') return;
    expect(plan.driver).toBe(tag);
    expect(plan.bitsets).toEqual([category.bits]);
    expect(plan.rowTests).toEqual([commonTerm.on]);
  });

  it('intersects kept lists when the shortest is long and another bitset narrows it', () => {
    const category = list(LONG);
    const tag = list(LONG * 2);
    const plan = planKeys([must(tag), must(category)], all, newest);
    expect(plan).toMatchObject({
      kind: 'intersect',
      lists: [category, tag],
      bitsets: [category.bits, tag.bits],
      otherwise: { kind: 'walk', driver: category, bitsets: [tag.bits] },
    });
  });

  it('intersects afresh when a bitset has no list to keep its intersections by', () => {
    const category = list(LONG);
    const termBits = new Uint32Array(1);
    const plan = planKeys([must(category), must(null, termBits)], all, newest);
    expect(plan).toMatchObject({
      kind: 'intersect',
      lists: null,
      bitsets: [category.bits, termBits],
    });
  });

  it('walks when the shortest list is a page or few away, is every item, keeps no bitset, or nothing else has one', () => {
    const short = list(LONG - 1);
    expect(planKeys([must(short), must(list(LONG * 2))], all, newest).kind).toBe('walk');
    // A category of every item: its list is as long as all's, so all is walked.
    expect(planKeys([must(list(all.size + 1))], all, newest).kind).toBe('walk');
    expect(planKeys([must(list(LONG, false)), must(list(LONG * 2))], all, newest).kind).toBe(
      'walk',
    );
    expect(planKeys([must(list(LONG)), must(null, null)], all, newest).kind).toBe('walk');
    // A longer page moves the threshold.
    expect(
      planKeys([must(list(LONG)), must(list(LONG * 2))], all, { ...newest, limit: 48 }).kind,
    ).toBe('walk');
  });
});
