import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../db/seed/random.js';
import { ItemColumns, textOf } from './index-columns.js';
import { intersections, Postings, prefixLength } from './index-postings.js';

// A cursor search of a long list starts from its fences (every 32nd row's instant):
// the stretch they give must hold the cursor's place for every instant, at block
// edges and among ties, and follow the list as rows come and go.

const BASE = Date.UTC(2026, 0, 1);

/** Columns holding a row listed at each of `instants`, in slots 0, 1, … */
function columnsAt(instants: readonly number[]): ItemColumns {
  const rows = new ItemColumns();
  for (const [slot, ms] of instants.entries()) {
    rows.write(slot, {
      id: slot + 1,
      status: 'available',
      price_cents: 1_000,
      listed_at: textOf(ms, 0),
      category_path: [],
      tag_ids: [],
      condition: null,
      lexemes: [],
    });
  }
  return rows;
}

const slotsUpTo = (n: number) => Array.from({ length: n }, (_, slot) => slot);

/** Where the rows newer than `ms` end and the rows at `ms` end, read row by row. */
function placesOf(list: Postings, rows: ItemColumns, ms: number) {
  return {
    newer: prefixLength(list.newest, (slot) => rows.ms[slot]! > ms),
    notOlder: prefixLength(list.newest, (slot) => rows.ms[slot]! >= ms),
  };
}

describe('the fences of a long list', () => {
  // 1,000 rows over 300 instants: most instants carry several rows, some none.
  const random = seededRandom(7);
  const rows = columnsAt(Array.from({ length: 1_000 }, () => BASE + random.int(0, 299) * 1_000));
  const instants = Array.from({ length: 302 }, (_, i) => BASE + (i - 1) * 1_000);

  function expectStretchesHold(list: Postings) {
    for (const ms of instants) {
      const { low, high } = list.newestAround(ms);
      const { newer, notOlder } = placesOf(list, rows, ms);
      expect(low, `low at ${ms}`).toBeLessThanOrEqual(newer);
      expect(high, `high at ${ms}`).toBeGreaterThanOrEqual(notOlder);
      // And it is a block's worth, not the whole list, once the instant has few rows.
      if (notOlder - newer <= 1) expect(high - low).toBeLessThanOrEqual(64);
    }
  }

  it('hold every instant between them, before the first row and after the last', () => {
    const list = Postings.of(rows, slotsUpTo(1_000));
    expectStretchesHold(list);
  });

  it('follow the rows put in and taken out after they were built', () => {
    const list = Postings.of(rows, slotsUpTo(600));
    expectStretchesHold(list);
    for (let slot = 600; slot < 1_000; slot++) list.insert(slot);
    for (let slot = 0; slot < 200; slot++) list.remove(slot);
    expectStretchesHold(list);
  });
});

describe('kept intersections', () => {
  const rows = columnsAt(Array.from({ length: 2_000 }, (_, slot) => BASE + slot));
  const listOf = (from: number, step: number) =>
    Postings.of(
      rows,
      slotsUpTo(2_000).filter((slot) => slot >= from && slot % step === 0),
    );

  it('keep what customers repeat as lists in both orders; one-off lists (a new word’s first search) are not kept', () => {
    const intersected = intersections(rows, 4_096);
    const tag = listOf(0, 2);
    const category = listOf(0, 3);
    const first = intersected([tag, category])!;
    const both = slotsUpTo(2_000).filter((slot) => slot % 6 === 0);
    expect(first.size).toBe(334);
    expect(first.newest).toEqual(Postings.of(rows, both).newest);
    expect(first.cheapest).toEqual(Postings.of(rows, both).cheapest);
    expect(intersected([tag, category])).toBe(first);

    // Strangers' new words, each a list made for one search, with the same tag: made afresh by the caller.
    for (let word = 0; word < 300; word++) {
      const once = listOf(word, 5);
      once.oneOff = true;
      expect(intersected([tag, once])).toBeUndefined();
    }
    expect(intersected([tag, category])).toBe(first);

    // A list changed: made again.
    tag.remove(0);
    const second = intersected([tag, category])!;
    expect(second).not.toBe(first);
    expect(second.size).toBe(333);
  });

  it('give up past the cap, and remember that they did', () => {
    const intersected = intersections(rows, 100);
    const tag = listOf(0, 2);
    const category = listOf(0, 3);
    expect(intersected([tag, category])).toBeNull();
    // Remembered, not worked out again: bits emptied behind the lists' backs (their
    // changes unmoved) would give an empty intersection if ANDed afresh.
    tag.bits = new Uint32Array(tag.bits!.length);
    expect(intersected([tag, category])).toBeNull();
    tag.insert(1_999);
    expect(intersected([tag, category])?.size).toBe(0);
  });
});
