import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentions, planItem, priceFor } from './item-plan.js';
import { lookRotation, looksOf } from './looks.js';
import { seededRandom } from './random.js';
import { FEATURES } from './taxonomy/features.js';
import { categoryTree, leavesOf } from './taxonomy/index.js';

describe('a seeded item’s words and price', () => {
  it('prices inside the range, rounded to €5 below €100, €10 below €1,000, €50 above', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 10, max: 3000 }),
        fc.integer({ min: 2, max: 10 }),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        (seed, low, factor, value) => {
          const high = low * factor;
          const euros = priceFor(seededRandom(seed), [low, high], value) / 100;
          expect(euros).toBeGreaterThanOrEqual(low);
          expect(euros).toBeLessThanOrEqual(high);
          expect(euros % (euros < 100 ? 5 : euros < 1000 ? 10 : 50)).toBe(0);
        },
      ),
    );
  });

  it('names every feature’s tag in the sentence that says it', () => {
    for (const feature of Object.values(FEATURES))
      expect(mentions(feature.sentence, feature.tag), feature.tag).toBe(true);
  });

  it('never says what its title, its category or its era contradict, whatever the seed', () => {
    const leaves = leavesOf(categoryTree([6, 6, 6, 5]));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const random = seededRandom(seed);
        const looks = looksOf([...new Set(leaves.flatMap((leaf) => leaf.kinds))], [1, 1], random);
        const next = lookRotation(looks);
        for (let i = 0; i < 50; i++) {
          const leaf = random.pick(leaves);
          const item = planItem(random, leaf, next);
          const text = `${item.title} ${item.description}`;
          expect(leaf.kinds).toContain(item.look.kind);
          expect(item.title.toLowerCase()).toContain(item.look.kind.noun);
          for (const tag of item.tags) expect(mentions(text, tag), `${tag}: ${text}`).toBe(true);
          // A piece of this century is never restored, patinated or rewired.
          if (leaf.era === 'Contemporary')
            expect(text).not.toMatch(/restored|patina|rewired|weathered/i);
          expect(text).not.toMatch(/the \d\d00s/);
        }
      }),
      { numRuns: 40 },
    );
  });
});
