import { type Entry, Postings, withBit } from './index-postings.js';

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

export const hasPrefixOf = (lexemes: readonly string[], term: string): boolean =>
  lexemes.some((lexeme) => lexeme.startsWith(term));

/** A searched term's rows: a list to walk (a rare term), a bitset to test (when there is one). */
export interface TermRows {
  list: Postings | null;
  bits: Uint32Array | null;
}

type Kept = { list: Postings } | { bits: Uint32Array };

/**
 * For the terms customers search again, the slots whose lexemes start with the
 * term, kept up to date as rows come and go: a search then tests a bit (or walks
 * the term's own list) instead of every lexeme of every row it passes. A term
 * searched once is matched row by row: keeping it scans every row, which a
 * stranger sending new words should not be able to ask for on each request.
 */
export function termRows(slots: readonly Entry[]) {
  // A freed slot is a hole until the next row takes it.
  const held = slots as readonly (Entry | undefined)[];
  const kept = new Map<string, Kept>();
  const seen = new Set<string>();

  function make(term: string): Kept {
    const matching: Entry[] = [];
    let rows = 0;
    for (const row of held) {
      if (!row) continue;
      rows++;
      if (hasPrefixOf(row.lexemes, term)) matching.push(row);
    }
    if (matching.length <= rows * LISTED_SHARE) return { list: Postings.of(slots, matching) };
    let bits: Uint32Array = new Uint32Array((slots.length >>> 5) + 1);
    for (const row of matching) bits = withBit(bits, row.slot, true);
    return { bits };
  }

  return {
    /** The term's rows, or undefined the first time it is searched. */
    of(term: string): TermRows | undefined {
      let rows = kept.get(term);
      if (rows) {
        // The most recently searched last: the first is the one to let go.
        kept.delete(term);
      } else if (!seen.has(term)) {
        if (seen.size >= SEEN_TERMS) seen.clear();
        seen.add(term);
        return undefined;
      } else {
        if (kept.size >= KEPT_TERMS) kept.delete(kept.keys().next().value!);
        rows = make(term);
      }
      kept.set(term, rows);
      return 'list' in rows ? { list: rows.list, bits: rows.list.bits } : { list: null, ...rows };
    },

    /** A row placed in its slot (its lists and slot already set): into each kept term it has. */
    placed(entry: Entry): void {
      for (const [term, rows] of kept) {
        const member = hasPrefixOf(entry.lexemes, term);
        if ('list' in rows) {
          if (member) rows.list.insert(entry);
        } else {
          rows.bits = withBit(rows.bits, entry.slot, member);
        }
      }
    },

    /** A row leaving its slot (called while the slot still holds it). */
    removed(entry: Entry): void {
      for (const [term, rows] of kept) {
        if ('list' in rows) {
          if (hasPrefixOf(entry.lexemes, term)) rows.list.remove(entry);
        } else {
          rows.bits = withBit(rows.bits, entry.slot, false);
        }
      }
    },
  };
}
