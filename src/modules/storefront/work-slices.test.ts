import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunked, runInSlices, runNow, type Steps, sorting, zeroedArrays } from './work-slices.js';

/** Runs the steps, giving what each step did (`during` read and reset after each). */
function stepwise<T>(steps: Steps<T>, during: () => number): { value: T; perStep: number[] } {
  const perStep: number[] = [];
  for (;;) {
    const step = steps.next();
    perStep.push(during());
    if (step.done) return { value: step.value, perStep };
  }
}

describe('work in slices', () => {
  it('sorts as Array#sort does, across runs and merges of any length', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1_000, max: 1_000 }), { maxLength: 10_000 }),
        (values) => {
          // Distinct slots, ordered by a key with ties broken by slot (a strict total order).
          const keys = values;
          const before = (a: number, b: number) =>
            keys[a] !== keys[b] ? keys[a]! < keys[b]! : a < b;
          const slots = Int32Array.from(keys, (_, i) => i).reverse();
          const sorted = runNow(sorting(slots, before));
          const expected = [...slots].sort((a, b) => (before(a, b) ? -1 : 1));
          expect(Array.from(sorted)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('splits a long merge across steps of at most 8,192 comparisons', () => {
    const n = 40_000;
    const keys = Int32Array.from({ length: n }, (_, i) => (i * 7_919) % 10_007);
    let compared = 0;
    const precedes = (a: number, b: number) => {
      compared++;
      return keys[a] !== keys[b] ? keys[a]! < keys[b]! : a < b;
    };
    const slots = Int32Array.from(keys, (_, i) => i);
    const { value, perStep } = stepwise(sorting(slots.slice(), precedes), () => {
      const count = compared;
      compared = 0;
      return count;
    });
    expect(Array.from(value)).toEqual([...slots].sort((a, b) => (precedes(a, b) ? -1 : 1)));
    // The runs of 2,048 first (TypedArray#sort's own comparisons), then the merges.
    const merging = perStep.slice(Math.ceil(n / 2_048));
    expect(merging.length).toBeGreaterThan(n / 8_192);
    expect(Math.max(...merging)).toBeLessThanOrEqual(8_192);
  });

  it('runs chunked work over every index once, in order, yielding after each chunk', () => {
    const seen: number[] = [];
    let calls = 0;
    const { perStep } = stepwise(
      chunked(10, 4, (from, to) => {
        calls++;
        for (let i = from; i < to; i++) seen.push(i);
      }),
      () => calls,
    );
    expect(seen).toEqual([...Array(10).keys()]);
    // A call a step: 0-3, 4-7, 8-9, then done.
    expect(perStep).toEqual([1, 2, 3, 3]);
    expect(runNow(chunked(0, 4, () => calls++))).toBeUndefined();
    expect(calls).toBe(3);
  });

  it('makes zeroed arrays of the lengths asked, none for a length of 0, a megabyte or so a step', () => {
    const lengths = [0, 3, ...Array(10).fill(100_000), 0, 5];
    let steps = 0;
    const { value } = stepwise(zeroedArrays(lengths), () => steps++);
    expect(value.map((array) => array?.length)).toEqual(
      lengths.map((n) => (n === 0 ? undefined : n)),
    );
    expect(value.every((array) => array === undefined || array.every((v) => v === 0))).toBe(true);
    // A million ints in all, at most 2^18 and an array more between yields: four steps or more.
    expect(steps).toBeGreaterThanOrEqual(4);
  });

  it('gives the event loop a turn while long work runs, and not before it has run its slice', async () => {
    function* busy(steps: number, msEach: number): Steps<number> {
      for (let i = 0; i < steps; i++) {
        const until = performance.now() + msEach;
        while (performance.now() < until) {}
        yield;
      }
      return steps;
    }
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      // 40 steps of 2 ms in slices of 8 ms: the interval runs between slices.
      expect(await runInSlices(busy(40, 2), 8)).toBe(40);
      expect(turns).toBeGreaterThanOrEqual(5);
      // All at once: no turn in between.
      const before = turns;
      expect(runNow(busy(10, 1))).toBe(10);
      expect(turns).toBe(before);
    } finally {
      clearInterval(ticking);
    }
  });
});
