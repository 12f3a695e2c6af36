import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotsById } from './slots-by-id.js';

// Against a Map: ids near each other and far apart, set again, deleted, set after deletion.

describe('slots by item id', () => {
  it('answers as a Map does after any sets and deletes', () => {
    const id = fc.oneof(fc.nat(3_000), fc.integer({ min: 0, max: 2 ** 31 - 1 }));
    const step = fc.record({ op: fc.constantFrom('set', 'delete'), id, slot: fc.nat(1_000) });
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 200 }),
        fc.array(id, { maxLength: 20 }),
        (steps, probes) => {
          const slots = new SlotsById();
          const model = new Map<number, number>();
          for (const s of steps) {
            if (s.op === 'set') {
              slots.set(s.id, s.slot);
              model.set(s.id, s.slot);
            } else {
              slots.delete(s.id);
              model.delete(s.id);
            }
            expect(slots.size).toBe(model.size);
          }
          for (const probe of [...probes, ...model.keys()])
            expect(slots.get(probe)).toBe(model.get(probe));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a far id out of the array', () => {
    const slots = new SlotsById();
    slots.set(2 ** 30, 1);
    slots.set(5, 2);
    expect(slots.get(2 ** 30)).toBe(1);
    expect(slots.get(5)).toBe(2);
    // 4 bytes an id up to a little past the ids held, not 4 GB.
    expect((slots as unknown as { direct: Int32Array }).direct.length).toBeLessThan(10_000);
  });
});
