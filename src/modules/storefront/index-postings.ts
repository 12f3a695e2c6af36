import type { ItemColumns } from './index-columns.js';
import { SlotRun } from './slot-run.js';
import { chunked, runNow, type Steps, sorting, zeroedArrays } from './work-slices.js';

/** One sort order: newest first, or cheapest first (price_desc walks it backwards). */
export type Order = 'newest' | 'cheapest';

/** Whether the row in slot `a` comes before the row in slot `b` in `order`. */
export function before(rows: ItemColumns, order: Order, a: number, b: number): boolean {
  if (order === 'newest') {
    const { ms, us } = rows;
    if (ms[a] !== ms[b]) return ms[a]! > ms[b]!;
    if (us[a] !== us[b]) return us[a]! > us[b]!;
    return rows.ids[a]! > rows.ids[b]!;
  }
  const { prices } = rows;
  return prices[a] !== prices[b] ? prices[a]! < prices[b]! : rows.ids[a]! < rows.ids[b]!;
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
 * How many leading slots of `list` satisfy `pred`, which holds for a prefix of
 * it; `low` and `high` narrow the search when the answer is known to lie between
 * them.
 */
export function prefixLength(
  list: ArrayLike<number>,
  pred: (slot: number) => boolean,
  low = 0,
  high = list.length,
): number {
  return prefixEnd(low, high, (i) => pred(list[i]!));
}

/**
 * From this many members on, a list also keeps a bitset of its slots: a walk of
 * a shorter list tests membership in it without reading the row (at 100k items,
 * category + 2 tags fell from about 95 to a few µs). Shorter lists are walked,
 * not tested, or tested on the row itself.
 */
const DENSE = 256;

/**
 * A bitset costs a bit for every slot of the catalogue, a list 8 bytes a member
 * (both orders): from one member in 64 slots on, the bitset costs at most what
 * the list does. A sparser list keeps none (its musts are tested on the row, or
 * it is walked): at a million items a thousand small categories' bitsets would
 * have taken 125 KB each.
 */
const SPARSEST = 64;

let nextListId = 0;

/**
 * A long list keeps the `listedMs` of every FENCE-th row of its newest order: a
 * search for a cursor reads that small array first and then the rows of one
 * block, not the rows of 17 scattered places of a list of 100k.
 */
const FENCE = 32;

/** A load yields after dealing this many rows to their lists. */
const DEALT_PER_STEP = 1_024;
/** Slots marked in a bitset between yields. */
const BITS_PER_STEP = 65_536;

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

  private readonly runs: Record<Order, SlotRun>;

  constructor(
    private readonly rows: ItemColumns,
    newest: Int32Array = new Int32Array(0),
    cheapest: Int32Array = new Int32Array(0),
  ) {
    this.runs = { newest: new SlotRun(newest), cheapest: new SlotRun(cheapest) };
  }

  /** The slots, newest first. */
  get newest(): Int32Array {
    return this.runs.newest.view;
  }

  /** The slots, cheapest first. */
  get cheapest(): Int32Array {
    return this.runs.cheapest.view;
  }

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
      for (let i = 0; i < fences.length; i++) fences[i] = this.rows.ms[list[i * FENCE]!]!;
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

  insert(slot: number): void {
    this.changes++;
    for (const order of ['newest', 'cheapest'] as const) {
      const at = prefixLength(this[order], (other) => before(this.rows, order, other, slot));
      this.runs[order].insertAt(at, slot);
    }
    this.mark(slot, true);
  }

  /** Takes the row in `slot` out (called while the slot still holds it). */
  remove(slot: number): void {
    this.changes++;
    for (const order of ['newest', 'cheapest'] as const) {
      const list = this[order];
      const at = prefixLength(list, (other) => before(this.rows, order, other, slot));
      if (list[at] === slot) this.runs[order].removeAt(at);
    }
    this.mark(slot, false);
  }

  /** Whether the list is long and dense enough to keep a bitset (DENSE, SPARSEST). */
  private wantsBits(): boolean {
    return this.size >= DENSE && this.size * SPARSEST >= this.rows.length;
  }

  private mark(slot: number, member: boolean): void {
    if (!this.bits) {
      if (this.wantsBits()) this.bits = bitsOf(this.newest);
      return;
    }
    this.bits = withBit(this.bits, slot, member);
  }

  /** The list of the rows in these slots (a searched term's rows). */
  static of(rows: ItemColumns, slots: ArrayLike<number>): Postings {
    const list = new Postings(
      rows,
      sortedSlots(rows, slots, 'newest'),
      sortedSlots(rows, slots, 'cheapest'),
    );
    if (list.wantsBits()) list.bits = bitsOf(list.newest);
    return list;
  }

  /**
   * `of`, for the rows of a searched term, taking their orders from `every` (every
   * item's list) when they are more than one in SPARSEST of its rows: picked out of
   * its two orders by a bitset of them, two passes over the catalogue (a few ms at
   * 1M items), where sorting `lamp`'s 85,576 rows at 1M by comparing them took about
   * 90 ms in one go. Fewer are sorted (cheaper than the passes).
   */
  static among(rows: ItemColumns, slots: readonly number[], every: Postings): Postings {
    if (slots.length * SPARSEST <= every.size) return Postings.of(rows, slots);
    const members = bitsOf(slots);
    const picked = (order: Int32Array): Int32Array | null => {
      const out = new Int32Array(slots.length);
      let n = 0;
      for (let i = 0; i < order.length && n < out.length; i++) {
        const slot = order[i]!;
        // Past the bitset's end reads undefined, which & makes 0: not a member.
        if ((members[slot >>> 5]! & (1 << (slot & 31))) !== 0) out[n++] = slot;
      }
      return n === out.length ? out : null;
    };
    const newest = picked(every.newest);
    const cheapest = newest && picked(every.cheapest);
    // A slot `every` does not hold (never, for a term's rows): sorted after all.
    if (!cheapest) return Postings.of(rows, slots);
    const list = new Postings(rows, newest, cheapest);
    if (list.wantsBits()) list.bits = members;
    return list;
  }

  /**
   * Every list of a load at once: all rows, given newest first, sorted once by
   * price, then dealt out in each order to the lists each row is in (`listsOf`),
   * so a reload pays one sort, not one per list, nor an insert per row. Yields
   * between steps (work-slices.ts): a million rows are loaded in slices of the
   * event loop. `newest` becomes every item's list's own.
   */
  static *loading(
    rows: ItemColumns,
    newest: Int32Array,
    listsOf: (slot: number) => Postings[],
  ): Steps<Postings> {
    const cheapest = yield* sorting(newest.slice(), (a, b) => before(rows, 'cheapest', a, b));
    const all = new Postings(rows, newest, cheapest);
    // Each list's length first, so that its slots are dealt into arrays of that length.
    const lengths = new Map<Postings, number>();
    yield* chunked(newest.length, DEALT_PER_STEP, (from, to) => {
      for (let i = from; i < to; i++) {
        for (const list of listsOf(newest[i]!)) lengths.set(list, (lengths.get(list) ?? 0) + 1);
      }
    });
    for (const order of ['newest', 'cheapest'] as const) {
      const runs = yield* zeroedArrays([...lengths.values()]);
      let made = 0;
      for (const list of lengths.keys()) list.runs[order] = new SlotRun(runs[made++]!);
      const dealt = new Map<Postings, number>();
      const sorted = all[order];
      yield* chunked(sorted.length, DEALT_PER_STEP, (from, to) => {
        for (let i = from; i < to; i++) {
          for (const list of listsOf(sorted[i]!)) {
            const at = dealt.get(list) ?? 0;
            list.runs[order].view[at] = sorted[i]!;
            dealt.set(list, at + 1);
          }
        }
      });
    }
    for (const list of [all, ...lengths.keys()]) {
      if (list.wantsBits()) list.bits = yield* bitsMaking(list.newest);
      yield;
    }
    return all;
  }
}

function sortedSlots(rows: ItemColumns, slots: ArrayLike<number>, order: Order): Int32Array {
  return Int32Array.from(slots).sort((a, b) => (before(rows, order, a, b) ? -1 : 1));
}

function bitsOf(slots: Int32Array | readonly number[]): Uint32Array {
  return runNow(bitsMaking(slots));
}

/** `bitsOf` in steps: every item's list at a million is 40-80 ms at once. */
function* bitsMaking(slots: Int32Array | readonly number[]): Steps<Uint32Array> {
  let last = 0;
  yield* chunked(slots.length, BITS_PER_STEP, (from, to) => {
    for (let i = from; i < to; i++) if (slots[i]! > last) last = slots[i]!;
  });
  const bits = new Uint32Array((last >>> 5) + 1);
  yield* chunked(slots.length, BITS_PER_STEP, (from, to) => {
    for (let i = from; i < to; i++) {
      const slot = slots[i]!;
      bits[slot >>> 5]! |= 1 << (slot & 31);
    }
  });
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
 * `intersect` of lists' bitsets, kept as a list of its own in both sort orders
 * until one of the lists changes: at 100k items one intersection reads every word
 * of each bitset (about 15 µs for three), and a customer's next price bound over
 * the same category and tags walks the kept list from its cursor or price range
 * (index-strategies.ts: walkedPage), where picking the page from the candidates
 * compared every one of them again (1,459 at 1M items for category + 2 tags: 54–135
 * µs a search). Null past `cap` candidates (the plan's walk finds the page then);
 * undefined for a one-off list, whose intersection the caller makes afresh and no
 * one keeps, so a stranger's new words never push out the intersections customers
 * repeat. At most KEPT_INTERSECTIONS × `cap` slots in two orders (4 MB at 4,096).
 */
export function intersections(rows: ItemColumns, cap: number) {
  const kept = new Map<string, { changes: number[]; list: Postings | null }>();
  return (lists: readonly Postings[]): Postings | null | undefined => {
    if (lists.some((list) => list.oneOff)) return undefined;
    const key = lists.map((list) => list.id).join(',');
    const known = kept.get(key);
    if (known?.changes.every((n, i) => n === lists[i]!.changes)) return known.list;
    const slots = intersect(
      lists.map((list) => list.bits!),
      cap,
    );
    // Walked only, never tested by bit: made without a bitset.
    const list =
      slots &&
      new Postings(rows, sortedSlots(rows, slots, 'newest'), sortedSlots(rows, slots, 'cheapest'));
    kept.delete(key);
    if (kept.size >= KEPT_INTERSECTIONS) kept.delete(kept.keys().next().value!);
    kept.set(key, { changes: lists.map((list) => list.changes), list });
    return list;
  };
}
