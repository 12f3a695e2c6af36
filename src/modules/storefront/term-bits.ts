import { type Entry, withBit } from './index-postings.js';

/** Search terms whose bitsets are kept (about 12 KB each at 100k items). */
const KEPT_TERMS = 256;
/** Terms remembered as searched once, so the second search makes the bitset. */
const SEEN_TERMS = 4_096;

export const hasPrefixOf = (lexemes: readonly string[], term: string): boolean =>
  lexemes.some((lexeme) => lexeme.startsWith(term));

/**
 * For the terms customers search again, the slots whose lexemes start with the
 * term, as a bitset kept up to date as rows come and go: a search then tests a
 * bit instead of every lexeme of every row it passes. A term searched once is
 * matched row by row: making a bitset scans every row, which a stranger sending
 * new words should not be able to ask for on each request.
 */
export function termBitsets(slots: readonly (Entry | undefined)[]) {
  const kept = new Map<string, Uint32Array>();
  const seen = new Set<string>();

  function make(term: string): Uint32Array {
    const bits = new Uint32Array((slots.length >>> 5) + 1);
    for (let slot = 0; slot < slots.length; slot++) {
      const row = slots[slot];
      if (row && hasPrefixOf(row.lexemes, term)) bits[slot >>> 5]! |= 1 << (slot & 31);
    }
    return bits;
  }

  return {
    /** The term's bitset, or undefined the first time it is searched. */
    of(term: string): Uint32Array | undefined {
      const bits = kept.get(term);
      if (bits) {
        // The most recently searched last: the first is the one to let go.
        kept.delete(term);
        kept.set(term, bits);
        return bits;
      }
      if (!seen.has(term)) {
        if (seen.size >= SEEN_TERMS) seen.clear();
        seen.add(term);
        return undefined;
      }
      if (kept.size >= KEPT_TERMS) kept.delete(kept.keys().next().value!);
      const made = make(term);
      kept.set(term, made);
      return made;
    },

    /** A row placed in its slot: each kept term's bit for it, set or cleared. */
    placed(entry: Entry): void {
      for (const [term, bits] of kept) {
        kept.set(term, withBit(bits, entry.slot, hasPrefixOf(entry.lexemes, term)));
      }
    },

    /** A row gone from its slot. */
    removed(entry: Entry): void {
      for (const [term, bits] of kept) kept.set(term, withBit(bits, entry.slot, false));
    },
  };
}
