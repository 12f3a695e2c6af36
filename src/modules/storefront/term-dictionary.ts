import { SlotRun } from './slot-run.js';
import { chunked, type Steps, sorting as sortingSteps, zeroedArrays } from './work-slices.js';

/**
 * A load's rows, each row's lexemes as ids of interned words lying end to end in
 * one arena (index-columns.ts): read where they lie, no array made per row.
 */
export interface WordsBySlot {
  /** Every word id is below this. */
  readonly wordTotal: number;
  word(id: number): string;
  /** The arena the slots' word ids lie in, from `wordsFrom(slot)`, `wordsIn(slot)` of them. */
  wordArena(): Int32Array;
  wordsFrom(slot: number): number;
  wordsIn(slot: number): number;
}

/**
 * Rows (each about 30 words, each word's run somewhere else in memory) and words
 * gone through between yields of a load: a millisecond or two each. Steps of 4,096
 * rows took 33-47 ms at 1M items.
 */
const ROWS_PER_STEP = 256;
const WORDS_PER_STEP = 4_096;

/**
 * Every distinct lexeme of the visible rows, in code-unit order, with the slots of
 * the rows that carry it. A search term is a prefix: the lexemes it stands for are
 * one stretch of the sorted list, found by two binary searches, and its rows are
 * the union of their slots. A term never searched before then costs what it
 * matches, not a walk of every row's lexemes (21 ms at 100k items for a word no
 * item has, which a stranger could send on every request).
 */
export function termDictionary() {
  /** Each lexeme's slots, unordered. A lexeme whose last row left keeps an empty run. */
  const slotsOf = new Map<string, SlotRun>();
  /** Every lexeme in `slotsOf`, sorted, except those in `unsorted`. */
  let sorted: string[] = [];
  /** Lexemes first met since `sorted` was last brought up to date. */
  let unsorted: string[] = [];

  function lexemes(): readonly string[] {
    if (unsorted.length === 0) return sorted;
    if (unsorted.length <= 64) {
      // An edit brings a few new words: each goes in its place.
      for (const lexeme of unsorted) sorted.splice(lowerBound(sorted, lexeme), 0, lexeme);
    } else {
      // A load brings them all: sorted once.
      sorted = sorted.concat(unsorted).sort(byCodeUnits);
    }
    unsorted = [];
    return sorted;
  }

  /** The stretch of the sorted lexemes that start with `prefix`. */
  function range(prefix: string): { from: number; to: number; list: readonly string[] } {
    const list = lexemes();
    const from = lowerBound(list, prefix);
    let low = from;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid]!.startsWith(prefix)) low = mid + 1;
      else high = mid;
    }
    return { from, to: low, list };
  }

  return {
    /** A row placed in its slot: its slot joins each of its lexemes. */
    add(slot: number, lexemes: readonly string[]): void {
      for (const lexeme of lexemes) {
        let slots = slotsOf.get(lexeme);
        if (!slots) {
          slots = new SlotRun();
          slotsOf.set(lexeme, slots);
          unsorted.push(lexeme);
        }
        slots.push(slot);
      }
    },

    /**
     * A load's rows added at once, in steps: each word's slots counted, then written
     * into a run of exactly that length. Added a row at a time, a million rows' runs
     * grew by copies as they filled (the reload's longest stretch, 91 ms of them at 1M
     * items, docs/performance.md) and kept a third of their room spare.
     */
    *loading(slots: Int32Array, words: WordsBySlot): Steps<void> {
      // A load fills a dictionary of its own (catalogue-index.ts: indexLoad).
      if (slotsOf.size > 0) throw new Error('a load starts from an empty term dictionary');
      const arena = words.wordArena();
      const counts = new Int32Array(words.wordTotal);
      yield* chunked(slots.length, ROWS_PER_STEP, (from, to) => {
        for (let i = from; i < to; i++) {
          const first = words.wordsFrom(slots[i]!);
          const end = first + words.wordsIn(slots[i]!);
          for (let at = first; at < end; at++) counts[arena[at]!]!++;
        }
      });
      const runs = yield* zeroedArrays(counts);
      counts.fill(0);
      yield* chunked(slots.length, ROWS_PER_STEP, (from, to) => {
        for (let i = from; i < to; i++) {
          const slot = slots[i]!;
          const first = words.wordsFrom(slot);
          const end = first + words.wordsIn(slot);
          for (let at = first; at < end; at++) {
            const id = arena[at]!;
            runs[id]![counts[id]!++] = slot;
          }
        }
      });
      yield* chunked(runs.length, WORDS_PER_STEP, (from, to) => {
        for (let id = from; id < to; id++) {
          const run = runs[id];
          if (run === undefined) continue;
          const lexeme = words.word(id);
          slotsOf.set(lexeme, new SlotRun(run));
          unsorted.push(lexeme);
        }
      });
    },

    /** A row leaving its slot, with the lexemes it was added with. */
    remove(slot: number, lexemes: readonly string[]): void {
      for (const lexeme of lexemes) {
        const slots = slotsOf.get(lexeme);
        const at = slots ? slots.view.indexOf(slot) : -1;
        if (at >= 0) slots!.swapRemove(at);
      }
    },

    /**
     * How many (row, lexeme) pairs the prefix covers, counted up to `cap` and no
     * further: at least the rows it matches, and what `slots` costs.
     */
    pairs(prefix: string, cap = Number.POSITIVE_INFINITY): number {
      const { from, to, list } = range(prefix);
      let pairs = 0;
      for (let i = from; i < to && pairs <= cap; i++) pairs += slotsOf.get(list[i]!)!.length;
      return pairs;
    },

    /** The slots of the rows with a lexeme that starts with `prefix`, each once. */
    slots(prefix: string): number[] {
      const { from, to, list } = range(prefix);
      if (to - from === 1) return Array.from(slotsOf.get(list[from]!)!.view);
      // Each once, told by a byte a slot: a Set of `lamp`'s 85,576 rows at 1M items took ms.
      let highest = -1;
      for (let i = from; i < to; i++) {
        for (const slot of slotsOf.get(list[i]!)!.view) if (slot > highest) highest = slot;
      }
      const seen = new Uint8Array(highest + 1);
      const all: number[] = [];
      for (let i = from; i < to; i++) {
        for (const slot of slotsOf.get(list[i]!)!.view) {
          if (seen[slot] === 0) {
            seen[slot] = 1;
            all.push(slot);
          }
        }
      }
      return all;
    },

    /** Sorts a load's lexemes in steps (work-slices.ts), so the first search does not. */
    *sorting(): Steps<void> {
      if (unsorted.length <= 64) return;
      const words = sorted.concat(unsorted);
      const order = yield* sortingSteps(
        Int32Array.from(words, (_, i) => i),
        (a, b) => words[a]! < words[b]!,
      );
      sorted = Array.from(order, (i) => words[i]!);
      unsorted = [];
    },

    /** Distinct lexemes known (those whose rows all left included, until the next load). */
    get size(): number {
      return slotsOf.size;
    },
  };
}

export type TermDictionary = ReturnType<typeof termDictionary>;

/** JavaScript's own string order (UTF-16 code units), the order `startsWith` stretches follow. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The first index of `list` whose string is not below `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
