import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termDictionary, type WordsBySlot } from './term-dictionary.js';
import { runNow } from './work-slices.js';

/** Rows' lexemes as a load hands them over: interned word ids end to end, by slot. */
function wordsBySlot(rows: readonly string[][]): WordsBySlot {
  const words: string[] = [];
  const ids = new Map<string, number>();
  const arena: number[] = [];
  const from: number[] = [];
  for (const lexemes of rows) {
    from.push(arena.length);
    for (const lexeme of lexemes) {
      if (!ids.has(lexeme)) ids.set(lexeme, words.push(lexeme) - 1);
      arena.push(ids.get(lexeme)!);
    }
  }
  return {
    wordTotal: words.length,
    word: (id) => words[id]!,
    wordArena: () => Int32Array.from(arena),
    wordsFrom: (slot) => from[slot]!,
    wordsIn: (slot) => rows[slot]!.length,
  };
}

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
  it('finds for every prefix the rows whose lexemes start with it, loaded or put, after any puts and removes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(lexeme, { maxLength: 4 }), { maxLength: 30 }),
        fc.array(step, { maxLength: 80 }),
        fc.boolean(),
        (loaded, steps, asLoad) => {
          const dictionary = termDictionary();
          // The model: the rows themselves, searched by walking them.
          const rows = new Map<number, string[]>();
          let nextSlot = 0;
          const place = (lexemes: string[]) => {
            const slot = nextSlot++;
            rows.set(slot, lexemes);
            dictionary.add(slot, lexemes);
          };
          if (asLoad) {
            // A load's rows, all at once, in a shuffled slot order as the load's sorts leave it.
            for (const [slot, lexemes] of loaded.entries()) rows.set(slot, lexemes);
            nextSlot = loaded.length;
            const slots = Int32Array.from(loaded.keys()).reverse();
            runNow(dictionary.loading(slots, wordsBySlot(loaded)));
          } else {
            for (const lexemes of loaded) place(lexemes);
          }
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
