import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runInSlices, runNow, type Steps, sorting } from './work-slices.js';

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
