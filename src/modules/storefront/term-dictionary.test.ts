import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termDictionary } from './term-dictionary.js';

// The term dictionary answers a prefix with the rows a walk of every row's lexemes
// finds (ItemColumns.hasPrefix), after any order of rows placed and removed,
// including words first met after a load, words whose rows all left, and prefixes
// that are whole words, parts of words, or no word's.

const lexeme = fc.stringMatching(/^[abcäß]{1,4}$/);
const step = fc.oneof(
  fc.record({
    op: fc.constant('place' as const),
    lexemes: fc.uniqueArray(lexeme, { maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('search' as const), prefix: fc.stringMatching(/^[abcäß]{0,3}$/) }),
);

describe('the term dictionary', () => {
  it('finds for every prefix the rows whose lexemes start with it, after any puts and removes', () => {
    fc.assert(
      fc.property(
        fc.array(
          lexeme.map((w) => [w]),
          { maxLength: 30 },
        ),
        fc.array(step, { maxLength: 80 }),
        (loaded, steps) => {
          const dictionary = termDictionary();
          // The model: the rows themselves, searched by walking them.
          const rows = new Map<number, string[]>();
          let nextSlot = 0;
          const place = (lexemes: string[]) => {
            const slot = nextSlot++;
            rows.set(slot, lexemes);
            dictionary.add(slot, lexemes);
          };
          for (const lexemes of loaded) place(lexemes);
          for (const s of steps) {
            if (s.op === 'place') place(s.lexemes);
            else if (s.op === 'remove') {
              const slots = [...rows.keys()];
              if (slots.length === 0) continue;
              const slot = slots[s.pick % slots.length]!;
              dictionary.remove(slot, rows.get(slot)!);
              rows.delete(slot);
            } else {
              const walked = [...rows].filter(([, lexemes]) =>
                lexemes.some((l) => l.startsWith(s.prefix)),
              );
              const pairs = [...rows.values()].flat().filter((l) => l.startsWith(s.prefix)).length;
              expect(dictionary.slots(s.prefix).sort((a, b) => a - b)).toEqual(
                walked.map(([slot]) => slot),
              );
              expect(dictionary.pairs(s.prefix)).toBe(pairs);
              // Counting stops past the cap, never below the true count or the cap.
              expect(dictionary.pairs(s.prefix, 2)).toBeGreaterThanOrEqual(Math.min(pairs, 3));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts a load’s many words at once and an edit’s few into place', () => {
    const dictionary = termDictionary();
    const words = Array.from({ length: 500 }, (_, i) => `w${(i * 7919) % 500}`);
    for (const [slot, w] of words.entries()) dictionary.add(slot, [w]);
    expect(dictionary.slots('w49').sort((a, b) => a - b)).toEqual(
      words.flatMap((w, slot) => (w.startsWith('w49') ? [slot] : [])),
    );
    dictionary.add(500, ['w4999']);
    expect(dictionary.slots('w4999')).toEqual([500]);
    expect(dictionary.slots('x')).toEqual([]);
  });
});
