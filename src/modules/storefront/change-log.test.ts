import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, type Dimension, type Scope } from './catalogue-version.js';
import { type ChangeLog, changedSince, recordChange, startLog } from './change-log.js';

const scope = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Scope>('*') },
  {
    weight: 6,
    arbitrary: fc.record({
      dims: fc.subarray([...DIMENSIONS]),
      ids: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
    }),
  },
);
const question = fc.record({
  since: fc.nat({ max: 40 }),
  dims: fc.subarray([...DIMENSIONS], { maxLength: 2 }),
  ids: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
});

/** The plainest answer: scan every change remembered whole, the start counting as `*`. */
function modelChanged(
  changes: ReadonlyArray<{ version: number; scope: Scope }>,
  since: number,
  dims: readonly Dimension[],
  ids: readonly number[],
): boolean {
  return changes.some(
    ({ version, scope }) =>
      version > since &&
      (scope === '*' ||
        scope.dims.some((dim) => dims.includes(dim)) ||
        scope.ids.some((id) => ids.includes(id))),
  );
}

describe('the change log', () => {
  it('never says unchanged where every change scanned says changed; exactly so while no item is forgotten', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat({ max: 5 }),
        fc.array(fc.record({ step: fc.nat({ max: 2 }), scope }), { maxLength: 40 }),
        fc.array(question, { minLength: 1, maxLength: 8 }),
        (capacity, start, writes, questions) => {
          let log: ChangeLog = startLog('e', 1, start, capacity);
          const changes: Array<{ version: number; scope: Scope }> = [
            { version: start, scope: '*' },
          ];
          const before: Array<{ log: ChangeLog; changes: typeof changes }> = [];
          let version = start;
          for (const write of writes) {
            before.push({ log, changes: [...changes] });
            version += write.step;
            log = recordChange(log, version, write.scope);
            changes.push({ version, scope: write.scope });
          }
          const distinctIds = new Set(changes.flatMap((c) => (c.scope === '*' ? [] : c.scope.ids)));
          for (const { since, dims, ids } of questions) {
            const model = modelChanged(changes, since, dims, ids);
            const answer = changedSince(log, since, dims, ids);
            if (model) expect(answer).toBe(true);
            if (distinctIds.size <= capacity) expect(answer).toBe(model);
          }
          // A log is a value: recording later changes left each earlier one as it was.
          for (const earlier of before) {
            for (const { since, dims, ids } of questions) {
              if (distinctIds.size > capacity) continue;
              expect(changedSince(earlier.log, since, dims, ids)).toBe(
                modelChanged(earlier.changes, since, dims, ids),
              );
            }
          }
        },
      ),
    );
  });

  it('forgets the oldest item changes into a floor past its capacity', () => {
    let log = startLog('e', 1, 0, 2);
    log = recordChange(log, 1, { dims: [], ids: [1] });
    log = recordChange(log, 2, { dims: [], ids: [2] });
    // Item 9 never changed: nothing says so while every change is remembered.
    expect(changedSince(log, 0, [], [9])).toBe(false);
    log = recordChange(log, 3, { dims: [], ids: [3] });
    // Item 1 is forgotten: any item not remembered counts as changed up to its version.
    expect(changedSince(log, 0, [], [9])).toBe(true);
    expect(changedSince(log, 1, [], [1, 9])).toBe(false);
    expect(changedSince(log, 2, [], [3])).toBe(true);
    expect(changedSince(log, 2, [], [2])).toBe(false);
  });
});
