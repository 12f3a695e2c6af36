import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexRow } from './catalogue-index.js';
import { CONDITION_CODES, ItemColumns, isoText, STATUS_CODES, textOf } from './index-columns.js';
import { runNow } from './work-slices.js';

// The columns against the plainest model, a map of rows by slot: after any order of
// writes, rewrites and clears (with a tiny arena, so that it grows and is compacted
// many times), every row reads back as written.

const BASE = Date.UTC(2026, 0, 1);
const ids = fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 6 });
const row = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  status: fc.constantFrom(...STATUS_CODES),
  price_cents: fc.integer({ min: 0, max: 100_000_000 }),
  listed_at: fc
    .tuple(fc.integer({ min: -1e11, max: 1e11 }), fc.integer({ min: 0, max: 999 }))
    .map(([ms, us]) => textOf(BASE + ms, us)),
  category_path: ids,
  tag_ids: ids,
  condition: fc.constantFrom(...CONDITION_CODES),
  lexemes: fc.uniqueArray(fc.stringMatching(/^[a-zä]{1,5}$/), { maxLength: 8 }),
}) satisfies fc.Arbitrary<IndexRow>;
const step = fc.oneof(
  fc.record({ op: fc.constant('write' as const), slot: fc.nat(40), row }),
  fc.record({ op: fc.constant('clear' as const), slot: fc.nat(40) }),
);

/** Row n: a path of 3, tags of 2, and the lexemes oak, chair and `word`. */
const plainRow = (n: number, word: string): IndexRow => ({
  id: n + 1,
  status: 'available',
  price_cents: n,
  listed_at: textOf(BASE + n, 0),
  category_path: [1, 2, 3],
  tag_ids: [4, 5],
  condition: null,
  lexemes: ['oak', 'chair', word],
});

function expectReadsBack(columns: ItemColumns, slot: number, written: IndexRow) {
  expect(columns.ids[slot]).toBe(written.id);
  expect(columns.prices[slot]).toBe(written.price_cents);
  expect(columns.listedAt(slot)).toBe(written.listed_at);
  expect(columns.status(slot)).toBe(written.status);
  expect(columns.condition(slot)).toBe(written.condition);
  expect(columns.categoryPath(slot)).toEqual(written.category_path);
  expect(columns.tagIds(slot)).toEqual(written.tag_ids);
  const inPlace = (count: number, at: (i: number) => number) =>
    Array.from({ length: count }, (_, i) => at(i));
  expect(inPlace(columns.pathLength(slot), (i) => columns.pathId(slot, i))).toEqual(
    written.category_path,
  );
  expect(inPlace(columns.tagCount(slot), (i) => columns.tagId(slot, i))).toEqual(written.tag_ids);
  expect(columns.lexemes(slot)).toEqual(written.lexemes);
  for (const id of [1, 7, 50]) {
    expect(columns.inCategory(slot, id)).toBe(written.category_path.includes(id));
    expect(columns.hasTag(slot, id)).toBe(written.tag_ids.includes(id));
  }
  for (const term of ['a', 'ä', 'ab', 'z']) {
    expect(columns.hasPrefix(slot, term)).toBe(written.lexemes.some((l) => l.startsWith(term)));
  }
}

describe('the index columns', () => {
  it('renumbered in any order, read every row back from its new slot', () => {
    fc.assert(
      fc.property(
        fc
          .array(row, { minLength: 1, maxLength: 30 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              fc.shuffledSubarray([...rows.keys()], { minLength: rows.length }),
            ),
          ),
        fc.boolean(),
        ([rows, order], odd) => {
          const columns = new ItemColumns(4);
          // A year past 9999 is kept as its text (oddTimes), renumbered with its row.
          const written = rows.map((r, i) =>
            odd && i === 0 ? { ...r, listed_at: '10000-01-01T00:00:00.000000Z' } : r,
          );
          for (const [slot, r] of written.entries()) columns.write(slot, r);
          runNow(columns.reordering(Int32Array.from(order)));
          for (const [slot, from] of order.entries())
            expectReadsBack(columns, slot, written[from]!);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses to renumber other than every slot', () => {
    const columns = new ItemColumns();
    for (let n = 0; n < 3; n++) columns.write(n, plainRow(n, 'lamp'));
    expect(() => runNow(columns.reordering(Int32Array.of(2, 0)))).toThrow(RangeError);
    expectReadsBack(columns, 0, plainRow(0, 'lamp'));
  });

  it('read every row back as written, after any writes and clears', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const columns = new ItemColumns(16);
        const model = new Map<number, IndexRow>();
        for (const s of steps) {
          if (s.op === 'write') {
            columns.write(s.slot, s.row);
            model.set(s.slot, s.row);
          } else {
            columns.clear(s.slot);
            model.delete(s.slot);
          }
          for (const [slot, written] of model) expectReadsBack(columns, slot, written);
        }
        // A cleared slot holds no category, tag or lexeme.
        for (let slot = 0; slot < columns.length; slot++) {
          if (!model.has(slot)) expect(columns.lexemes(slot)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('spell every time as its Date does, to the microsecond, in any year', () => {
    // Years 0000-9999 as the date cache makes them; past either end as a Date writes them.
    const instant = fc.integer({ min: -8.64e15, max: 8.64e15 }); // every time a Date holds
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), (ms, us) => {
        expect(textOf(ms, us)).toBe(isoText(ms, us));
      }),
      { numRuns: 20_000 },
    );
    const common = fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }); // 0000-9999
    fc.assert(
      fc.property(common, fc.integer({ min: 0, max: 999 }), (ms, us) => {
        expect(textOf(ms, us)).toBe(isoText(ms, us));
      }),
      { numRuns: 20_000 },
    );
    expect(textOf(Date.UTC(2026, 10, 27, 23, 59, 59, 999), 7)).toBe('2026-11-27T23:59:59.999007Z');
  });

  it('give back a timestamp the numbers cannot spell (a five-digit year) as it came', () => {
    const columns = new ItemColumns();
    const row: IndexRow = {
      id: 1,
      status: 'available',
      price_cents: 100,
      listed_at: '10000-01-01T00:00:00.000000Z',
      category_path: [],
      tag_ids: [],
      condition: null,
      lexemes: [],
    };
    columns.write(0, row);
    expect(columns.listedAt(0)).toBe(row.listed_at);
    columns.write(0, { ...row, listed_at: '2026-01-01T00:00:00.000001Z' });
    expect(columns.listedAt(0)).toBe('2026-01-01T00:00:00.000001Z');
  });

  it('keep the arena to what is live: rewriting rows many times compacts it', () => {
    const columns = new ItemColumns(1_024);
    const written = (n: number) => plainRow(n, `w${n}`);
    for (let slot = 0; slot < 1_000; slot++) columns.write(slot, written(slot));
    const before = columns.bytes;
    for (let round = 1; round <= 20; round++) {
      for (let slot = 0; slot < 1_000; slot++) columns.write(slot, written(slot + round));
    }
    expect(columns.bytes).toBeLessThanOrEqual(before * 2);
    expectReadsBack(columns, 999, written(1_019));
  });

  it('size the arena for a load by the rows read so far, once, not doubled past it', () => {
    const columns = new ItemColumns();
    // Eight ints a row: a path of 3, tags of 2, lexemes of 3.
    const written = (n: number) => plainRow(n, `w${n % 50}`);
    const rows = 20_000;
    // As a load does: told the total before each page.
    columns.reserve(rows);
    for (let slot = 0; slot < 500; slot++) columns.write(slot, written(slot));
    columns.reserve(rows);
    const sized = columns.bytes;
    for (let slot = 500; slot < rows; slot++) {
      if (slot % 500 === 0) columns.reserve(rows);
      columns.write(slot, written(slot));
    }
    // Nothing grew after the second page's reserve...
    expect(columns.bytes).toBe(sized);
    // ...and the arena is about what the rows take (8 ints each), not a guess of 16.
    const columnsOnly = new ItemColumns();
    columnsOnly.reserve(rows);
    const arenaBytes = sized - columnsOnly.bytes;
    expect(arenaBytes).toBeLessThanOrEqual(rows * 8 * 4 * 1.1);
    expect(arenaBytes).toBeGreaterThanOrEqual(rows * 8 * 4);
    expectReadsBack(columns, rows - 1, written(rows - 1));
  });

  it('make room for a load a column at a step, the rows written before read back', () => {
    const columns = new ItemColumns();
    const written = (n: number) => plainRow(n, `w${n % 50}`);
    for (let slot = 0; slot < 500; slot++) columns.write(slot, written(slot));
    const before = columns.bytes;
    let steps = 0;
    const making = columns.reserving(100_000);
    while (!making.next().done) steps++;
    // The ten columns in eight steps (a yield between each), the arena in a step of its own.
    expect(steps).toBe(8);
    expect(columns.bytes).toBeGreaterThan(before + 100_000 * 30);
    for (let slot = 0; slot < 500; slot++) expectReadsBack(columns, slot, written(slot));
    for (let slot = 500; slot < 100_000; slot += 997) columns.write(slot, written(slot));
    expectReadsBack(columns, 99_203, written(99_203));
  });
});
