import type { ItemColumns } from './index-columns.js';
import { Postings, withBit } from './index-postings.js';
import type { TermDictionary } from './term-dictionary.js';

/** Search terms whose rows are kept (a bitset of about 12 KB at 100k items, and a rare term's lists). */
const KEPT_TERMS = 128;
/** Terms remembered as searched once, so the second search makes the bitset. */
const SEEN_TERMS = 4_096;
/**
 * A term on at most this share of the rows also keeps them in both sort orders,
 * so a search walks the term's rows rather than every row: `lamp` on 8 % of the
 * items then finds a page behind a price bound in 25 rows, not 300 or more. A
 * common term is found soon enough walking every row, and its lists would cost
 * as much memory as the catalogue's own (at most 128 × 1/8 of 16 bytes a row).
 */
const LISTED_SHARE = 1 / 8;
/**
 * A term covering at most this many (row, lexeme) pairs in the dictionary has its
 * rows gathered on its first search: about what walking a few pages costs, and a
 * word no item has costs nothing. A commoner one is matched row by row the first
 * time (its rows are many, so a page is found soon).
 */
const FOUND_AT_ONCE = 16_384;

/** A searched term's rows: a list to walk (a rare term), a bitset to test (when there is one). */
export interface TermRows {
  list: Postings | null;
  bits: Uint32Array | null;
}

type Kept = { list: Postings } | { bits: Uint32Array };

/**
 * For searched terms, the slots whose lexemes start with the term, kept up to date
 * as rows come and go: a search then tests a bit (or walks the term's own list)
 * instead of every lexeme of every row it passes. The rows come from the term
 * dictionary, and are kept from a term's second search; the first search of a rare or
 * unknown term uses them without keeping them, a common one walks rows (finding a page
 * soon among many matches).
 */
export function termRows(rows: ItemColumns, dictionary: TermDictionary, every: () => Postings) {
  const kept = new Map<string, Kept>();
  const seen = new Set<string>();

  function make(term: string): Kept {
    const matching = dictionary.slots(term);
    const all = every();
    if (matching.length <= all.size * LISTED_SHARE) {
      return { list: Postings.among(rows, matching, all) };
    }
    let bits: Uint32Array = new Uint32Array((rows.length >>> 5) + 1);
    for (const slot of matching) bits = withBit(bits, slot, true);
    return { bits };
  }

  const view = (found: Kept): TermRows =>
    'list' in found ? { list: found.list, bits: found.list.bits } : { list: null, ...found };

  return {
    /** The term's rows, or undefined the first time a common term is searched. */
    of(term: string): TermRows | undefined {
      let found = kept.get(term);
      if (found) {
        // The most recently searched last: the first is the one to let go.
        kept.delete(term);
      } else if (!seen.has(term)) {
        // Kept only from a term's second search, so a stranger's new words never push
        // out the terms customers repeat; a rare one's rows are gathered for this search.
        if (seen.size >= SEEN_TERMS) seen.clear();
        seen.add(term);
        if (dictionary.pairs(term, FOUND_AT_ONCE) > FOUND_AT_ONCE) return undefined;
        const once = make(term);
        if ('list' in once) once.list.oneOff = true;
        return view(once);
      } else {
        if (kept.size >= KEPT_TERMS) kept.delete(kept.keys().next().value!);
        found = make(term);
      }
      kept.set(term, found);
      return view(found);
    },

    /** A row written to its slot: into each kept term it has. */
    placed(slot: number): void {
      for (const [term, found] of kept) {
        const member = rows.hasPrefix(slot, term);
        if ('list' in found) {
          if (member) found.list.insert(slot);
        } else {
          found.bits = withBit(found.bits, slot, member);
        }
      }
    },

    /** A row leaving its slot (called while the slot still holds it). */
    removed(slot: number): void {
      for (const [term, found] of kept) {
        if ('list' in found) {
          if (rows.hasPrefix(slot, term)) found.list.remove(slot);
        } else {
          found.bits = withBit(found.bits, slot, false);
        }
      }
    },
  };
}
