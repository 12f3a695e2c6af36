import type { IndexRow } from './catalogue-index.js';

/** A row of the index in its slot: slots are dense, so a list's members fit a bitset. */
export interface Entry extends IndexRow {
  slot: number;
  /**
   * `listed_at` as numbers, compared instead of its text: a binary search then
   * reads the entry alone, not also a string elsewhere in the heap.
   */
  listedMs: number;
  /** The microseconds within `listedMs` (0-999). */
  listedUs: number;
}

/** Milliseconds since 1970 of a `YYYY-MM-DDTHH:MM:SS.ffffffZ` timestamp (exact for every year). */
export const msOf = (timestamp: string): number => Date.parse(`${timestamp.slice(0, 23)}Z`);
/** Its microseconds past the millisecond. */
export const usOf = (timestamp: string): number => Number(timestamp.slice(23, 26));

/** One sort order: newest first, or cheapest first (price_desc walks it backwards). */
export type Order = 'newest' | 'cheapest';

export function before(order: Order, a: Entry, b: Entry): boolean {
  if (order === 'newest') {
    if (a.listedMs !== b.listedMs) return a.listedMs > b.listedMs;
    return a.listedUs !== b.listedUs ? a.listedUs > b.listedUs : a.id > b.id;
  }
  return a.price_cents !== b.price_cents ? a.price_cents < b.price_cents : a.id < b.id;
}

/** The first index in [low, high) where `holds` fails, for a `holds` true on a prefix of them. */
function prefixEnd(low: number, high: number, holds: (index: number) => boolean): number {
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (holds(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * How many leading slots of `list` have rows satisfying `pred`, which holds for a
 * prefix of it; `low` and `high` narrow the search when the answer is known to lie
 * between them.
 */
export function prefixLength(
  list: readonly number[],
  rows: readonly Entry[],
  pred: (row: Entry) => boolean,
  low = 0,
  high = list.length,
): number {
  return prefixEnd(low, high, (i) => pred(rows[list[i]!]!));
}

/**
 * From this many members on, a list also keeps a bitset of its slots: a walk of
 * a shorter list tests membership in it without reading the row (at 100k items,
 * category + 2 tags fell from about 95 to a few µs). Shorter lists are walked,
 * not tested, or tested on the row itself.
 */
const DENSE = 256;

let nextListId = 0;

/**
 * A long list keeps the `listedMs` of every FENCE-th row of its newest order: a
 * search for a cursor reads that small array first and then the rows of one
 * block, not the rows of 17 scattered places of a list of 100k.
 */
const FENCE = 32;

/** The slots of a category's or a tag's items (or all items) in both sort orders, kept sorted. */
export class Postings {
  bits: Uint32Array | null = null;
  /** Names the list in a kept intersection's key. */
  readonly id = nextListId++;
  /** Inserts and removes so far: a kept intersection of this list holds while it is unchanged. */
  changes = 0;
  /**
   * Made for one search (a rare term's first, term-rows.ts): an intersection with it is
   * not kept, so a stranger's new words never push out the intersections customers repeat.
   */
  oneOff = false;

  constructor(
    private readonly rows: readonly Entry[],
    readonly newest: number[] = [],
    readonly cheapest: number[] = [],
  ) {}

  // The fences of `newest`, as of `fencedAt` changes (built when first searched after a change).
  private fences: Float64Array | null = null;
  private fencedAt = -1;

  get size(): number {
    return this.newest.length;
  }

  /**
   * The stretch of `newest` in which the rows listed at `ms` start and end: every
   * row before it is newer, every row from its end on is older.
   */
  newestAround(ms: number): { low: number; high: number } {
    const list = this.newest;
    if (list.length < DENSE) return { low: 0, high: list.length };
    if (this.fencedAt !== this.changes) {
      const fences = new Float64Array(Math.ceil(list.length / FENCE));
      for (let i = 0; i < fences.length; i++) fences[i] = this.rows[list[i * FENCE]!]!.listedMs;
      this.fences = fences;
      this.fencedAt = this.changes;
    }
    const fences = this.fences!;
    // Fences newer than `ms`, then fences at least as new: both a prefix (newest first).
    const newer = prefixEnd(0, fences.length, (i) => fences[i]! > ms);
    const notOlder = prefixEnd(newer, fences.length, (i) => fences[i]! >= ms);
    return {
      low: newer === 0 ? 0 : (newer - 1) * FENCE + 1,
      high: notOlder === fences.length ? list.length : notOlder * FENCE,
    };
  }

  /** Whether the row in `slot` is a member; only for a list with a bitset. */
  has(slot: number): boolean {
    return hasBit(this.bits!, slot);
  }

  insert(entry: Entry): void {
    this.changes++;
    for (const order of ['newest', 'cheapest'] as const) {
      const list = this[order];
      list.splice(
        prefixLength(list, this.rows, (other) => before(order, other, entry)),
        0,
        entry.slot,
      );
    }
    this.mark(entry.slot, true);
  }

  remove(entry: Entry): void {
    this.changes++;
    for (const order of ['newest', 'cheapest'] as const) {
      const list = this[order];
      const at = prefixLength(list, this.rows, (other) => before(order, other, entry));
      if (list[at] === entry.slot) list.splice(at, 1);
    }
    this.mark(entry.slot, false);
  }

  private mark(slot: number, member: boolean): void {
    if (!this.bits) {
      if (this.size >= DENSE) this.bits = bitsOf(this.newest);
      return;
    }
    this.bits = withBit(this.bits, slot, member);
  }

  /** The list of these entries (a searched term's rows). */
  static of(rows: readonly Entry[], entries: readonly Entry[]): Postings {
    const list = new Postings(
      rows,
      sortedSlots(entries, 'newest'),
      sortedSlots(entries, 'cheapest'),
    );
    if (list.size >= DENSE) list.bits = bitsOf(list.newest);
    return list;
  }

  /**
   * Every list of a load at once: all rows sorted once in each order, then dealt
   * out in that order to the lists each row is in (`listsOf`), so a reload pays
   * two sorts, not one per list, nor an insert per row.
   */
  static load(
    rows: readonly Entry[],
    entries: readonly Entry[],
    listsOf: (entry: Entry) => Postings[],
  ): Postings {
    const all = new Postings(
      rows,
      sortedSlots(entries, 'newest'),
      sortedSlots(entries, 'cheapest'),
    );
    const lists = new Set<Postings>();
    for (const order of ['newest', 'cheapest'] as const) {
      for (const slot of all[order]) {
        for (const list of listsOf(rows[slot]!)) {
          list[order].push(slot);
          lists.add(list);
        }
      }
    }
    for (const list of [all, ...lists]) if (list.size >= DENSE) list.bits = bitsOf(list.newest);
    return all;
  }
}

function sortedSlots(entries: readonly Entry[], order: Order): number[] {
  return [...entries].sort((a, b) => (before(order, a, b) ? -1 : 1)).map((entry) => entry.slot);
}

function bitsOf(slots: readonly number[]): Uint32Array {
  let last = 0;
  for (const slot of slots) if (slot > last) last = slot;
  const bits = new Uint32Array((last >>> 5) + 1);
  for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
  return bits;
}

export const hasBit = (bits: Uint32Array, slot: number): boolean =>
  ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;

/** `bits` with `slot` set or cleared: the same array, or a grown copy when the slot is past its end. */
export function withBit(bits: Uint32Array, slot: number, on: boolean): Uint32Array {
  const word = slot >>> 5;
  let kept = bits;
  if (word >= bits.length) {
    if (!on) return bits;
    kept = new Uint32Array(Math.max(word + 1, bits.length * 2));
    kept.set(bits);
  }
  if (on) kept[word]! |= 1 << (slot & 31);
  else kept[word]! &= ~(1 << (slot & 31));
  return kept;
}

/**
 * The slots set in every one of `bitsets`, in slot order, a word (32 slots) at a
 * time; null past `cap` of them, when walking a sorted list finds a page sooner.
 */
export function intersect(bitsets: readonly Uint32Array[], cap: number): number[] | null {
  let words = Number.POSITIVE_INFINITY;
  for (const bits of bitsets) words = Math.min(words, bits.length);
  const slots: number[] = [];
  for (let word = 0; word < words; word++) {
    let both = bitsets[0]![word]!;
    for (let k = 1; k < bitsets.length && both !== 0; k++) both &= bitsets[k]![word]!;
    while (both !== 0) {
      const low = both & -both;
      slots.push(word * 32 + (31 - Math.clz32(low)));
      if (slots.length > cap) return null;
      both ^= low;
    }
  }
  return slots;
}

/** Intersections kept: a category and tags are asked again and again, each time with another price. */
const KEPT_INTERSECTIONS = 128;

/**
 * `intersect` of lists' bitsets, kept until one of the lists changes: at 100k
 * items one intersection reads every word of each bitset (about 15 µs for three),
 * where a customer's next price bound over the same category and tags only
 * filters the few candidates it found.
 */
export function intersections(cap: number) {
  const kept = new Map<string, { changes: number[]; slots: number[] | null }>();
  return (lists: readonly Postings[]): number[] | null => {
    if (lists.some((list) => list.oneOff))
      return intersect(
        lists.map((list) => list.bits!),
        cap,
      );
    const key = lists.map((list) => list.id).join(',');
    const known = kept.get(key);
    if (known?.changes.every((n, i) => n === lists[i]!.changes)) return known.slots;
    const slots = intersect(
      lists.map((list) => list.bits!),
      cap,
    );
    kept.delete(key);
    if (kept.size >= KEPT_INTERSECTIONS) kept.delete(kept.keys().next().value!);
    kept.set(key, { changes: lists.map((list) => list.changes), slots });
    return slots;
  };
}
