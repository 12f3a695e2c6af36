import type { ItemCondition, ItemStatus } from '../../db/schema.js';
import type { IndexRow } from './catalogue-index.js';
import { chunked, runNow, type Steps } from './work-slices.js';

/** A status by its code in `statuses`, and back. */
export const STATUS_CODES = ['available', 'reserved', 'sold'] as const;
export type VisibleStatus = Exclude<ItemStatus, 'pending'>;
/** A condition by its code in `conditions`; 0 is "not said" (0090). */
export const CONDITION_CODES = [null, 'new', 'like_new', 'good', 'fair', 'for_parts'] as const;

/** -1 for a status no visible row has. */
export const statusCode = (status: ItemStatus): number =>
  STATUS_CODES.indexOf(status as VisibleStatus);
export const conditionCode = (condition: ItemCondition | null): number =>
  CONDITION_CODES.indexOf(condition);

/** Milliseconds since 1970 of a `YYYY-MM-DDTHH:MM:SS.ffffffZ` timestamp (exact for every year). */
export const msOf = (timestamp: string): number => Date.parse(`${timestamp.slice(0, 23)}Z`);
/** Its microseconds past the millisecond. */
export const usOf = (timestamp: string): number => Number(timestamp.slice(23, 26));
const DAY_MS = 86_400_000;
/** "00" to "99" and "000" to "999": a time's fields without padding each. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
/** `YYYY-MM-DDT` by day: a page's rows fall on a few days (emptied past 4,096 of them). */
const dayTexts = new Map<number, string>();

/**
 * The timestamp's text again, as PostgreSQL's to_char wrote it (items.repository.ts:
 * LISTED_AT_TEXT). Made for every key of a list page: the date looked up by day and
 * the time from tables, rather than a Date and its toISOString (about 4× the cost;
 * 7 % of a deep page's CPU, docs/performance.md).
 */
export function textOf(ms: number, us: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = dayTexts.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 11);
    // A year outside 0000-9999 is written with a sign and six digits: made whole.
    if (date.length !== 11 || date[10] !== 'T') return isoText(ms, us);
    if (dayTexts.size >= 4_096) dayTexts.clear();
    dayTexts.set(day, date);
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return `${date}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[milli]}${THREE_DIGITS[us]}Z`;
}

/** The same text through a Date: what `textOf` gives, for every time (tested against each other). */
export const isoText = (ms: number, us: number): string =>
  `${new Date(ms).toISOString().slice(0, 23)}${String(us).padStart(3, '0')}Z`;

/**
 * The text `textOf` gives back exactly (a four-digit year): tested on the text as
 * it comes, rather than making the text again for every row of a load.
 */
const TIMESTAMP_SHAPE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Rows a reordering moves between yields, a column at a time. */
const GATHERED_PER_STEP = 65_536;

type Column = Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array;

/** A column of the same length whose slot `k` holds what `column`'s slot `order[k]` did; the rest zero. */
function* gathered<T extends Column>(
  column: T,
  order: Int32Array,
  make: new (length: number) => T,
): Steps<T> {
  const out = new make(column.length);
  yield* chunked(order.length, GATHERED_PER_STEP, (from, to) => {
    for (let k = from; k < to; k++) out[k] = column[order[k]!]!;
  });
  return out;
}

/** Below this many ints, an arena is never compacted (its garbage costs less than copying). */
const ARENA_FLOOR = 1 << 16;

/**
 * The index's rows as columns, one typed array per field, a row by its slot: a
 * million items in about 100 bytes each, where a JavaScript object per row (with
 * its arrays and timestamp text) took about 1 KB and gave the collector a million
 * objects to trace. A row's category path, tag ids and lexemes (as ids of
 * interned words) lie end to end in one arena of ints from `starts[slot]`; an edit
 * writes them anew at the arena's end, and the arena is compacted when more than
 * half of it is left behind.
 */
export class ItemColumns {
  /** Slots handed out so far: every slot below it has been written (some since cleared). */
  length = 0;
  ids = new Int32Array(0);
  prices = new Int32Array(0);
  /** `listed_at` as numbers, compared instead of its text. */
  ms = new Float64Array(0);
  /** The microseconds within `ms` (0-999). */
  us = new Uint16Array(0);
  statuses = new Uint8Array(0);
  conditions = new Uint8Array(0);
  private starts = new Uint32Array(0);
  private pathLengths = new Uint8Array(0);
  private tagCounts = new Uint16Array(0);
  private wordCounts = new Uint32Array(0);
  private arena = new Int32Array(1_024);
  private arenaUsed = 0;
  private arenaGarbage = 0;
  /** Each distinct lexeme once, by its id. */
  private readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();
  /** The few timestamps whose text `textOf` would not give back (years past 9999). */
  private readonly oddTimes = new Map<number, string>();

  /** `arenaFloor`: below it the arena is never compacted (tests set a small one). */
  constructor(private readonly arenaFloor = ARENA_FLOOR) {}

  /** Writes `row` into `slot` (a new slot is `length`, a freed one anything below it). */
  write(slot: number, row: IndexRow): void {
    if (slot >= this.ids.length) this.grow(slot + 1);
    if (slot >= this.length) this.length = slot + 1;
    this.clear(slot);
    this.ids[slot] = row.id;
    this.prices[slot] = row.price_cents;
    this.ms[slot] = msOf(row.listed_at);
    this.us[slot] = usOf(row.listed_at);
    if (!TIMESTAMP_SHAPE.test(row.listed_at)) this.oddTimes.set(slot, row.listed_at);
    this.statuses[slot] = statusCode(row.status);
    this.conditions[slot] = conditionCode(row.condition);
    const { category_path: path, tag_ids: tags, lexemes } = row;
    const size = path.length + tags.length + lexemes.length;
    if (this.arenaUsed + size > this.arena.length) this.makeRoom(size);
    let at = this.arenaUsed;
    this.starts[slot] = at;
    for (const id of path) this.arena[at++] = id;
    for (const id of tags) this.arena[at++] = id;
    for (const lexeme of lexemes) this.arena[at++] = this.wordId(lexeme);
    this.arenaUsed = at;
    this.pathLengths[slot] = path.length;
    this.tagCounts[slot] = tags.length;
    this.wordCounts[slot] = lexemes.length;
  }

  /**
   * Whether `row` is what the slot holds but for its status and condition: then no
   * list, order or term it is in changes, and `restate` is the whole edit. A hold,
   * its release and a sale are such edits, the commonest a shop makes; placing the
   * row again instead moves it out of and back into lists of up to every item
   * (memory moves of megabytes each at 1M items: 500 holds released in one commit
   * kept the event loop for over half a second, docs/performance.md).
   */
  placedAlike(slot: number, row: IndexRow): boolean {
    // A time `textOf` cannot give back (a year past 9999) has NaN ms, never equal:
    // such a row is always placed again.
    if (
      this.ids[slot] !== row.id ||
      this.prices[slot] !== row.price_cents ||
      this.ms[slot] !== msOf(row.listed_at) ||
      this.us[slot] !== usOf(row.listed_at) ||
      this.pathLengths[slot] !== row.category_path.length ||
      this.tagCounts[slot] !== row.tag_ids.length ||
      this.wordCounts[slot] !== row.lexemes.length
    ) {
      return false;
    }
    let at = this.starts[slot]!;
    for (const id of row.category_path) if (this.arena[at++] !== id) return false;
    for (const id of row.tag_ids) if (this.arena[at++] !== id) return false;
    for (const lexeme of row.lexemes) if (this.words[this.arena[at++]!] !== lexeme) return false;
    return true;
  }

  /** Writes the row's status and condition, all else being alike (`placedAlike`). */
  restate(slot: number, row: IndexRow): void {
    this.statuses[slot] = statusCode(row.status);
    this.conditions[slot] = conditionCode(row.condition);
  }

  /**
   * Room for `count` rows before anything grows, the arena sized by the rows
   * written so far (none before any is): asked again as pages come, so a
   * million rows' arena is made once at about its size instead of doubled past
   * it, each doubling a copy of hundreds of megabytes in one go.
   */
  reserve(count: number): void {
    runNow(this.reserving(count));
  }

  /**
   * `reserve` in steps, a column or the arena each: every large array made sets
   * off a collection for external memory, and a million rows' columns and arena
   * made in one go held the event loop for 40-60 ms of them (docs/performance.md).
   */
  *reserving(count: number): Steps<void> {
    if (count > this.ids.length) yield* this.growing(count);
    // Sized once rows tell what one takes; until then it doubles as rows come.
    if (this.length === 0) return;
    const ints = Math.ceil(count * (this.arenaUsed / this.length) * 1.05);
    // Grown by a quarter at least: a later page's average a little above the
    // first's must not copy the whole arena again for a few rows' room.
    if (ints > this.arena.length) {
      this.makeRoom(ints - this.arenaUsed, Math.max(ints, Math.ceil(this.arena.length * 1.25)));
      yield;
    }
  }

  /**
   * Renumbers the rows: the row in slot `order[k]` moves to slot `k`. `order` holds
   * every slot below `length` once (a load's rows, none freed). A load puts its rows
   * newest first so that the rows of a newest-first page, the walk most lists take,
   * lie side by side in every column: read in id order, a deep page's 25 rows were
   * 25 scattered places in each of five columns (docs/performance.md).
   */
  *reordering(order: Int32Array): Steps<void> {
    if (order.length !== this.length) {
      throw new RangeError(`Reordering ${order.length} of ${this.length} slots.`);
    }
    this.prices = yield* gathered(this.prices, order, Int32Array);
    this.ms = yield* gathered(this.ms, order, Float64Array);
    this.us = yield* gathered(this.us, order, Uint16Array);
    this.statuses = yield* gathered(this.statuses, order, Uint8Array);
    this.conditions = yield* gathered(this.conditions, order, Uint8Array);
    this.starts = yield* gathered(this.starts, order, Uint32Array);
    this.pathLengths = yield* gathered(this.pathLengths, order, Uint8Array);
    this.tagCounts = yield* gathered(this.tagCounts, order, Uint16Array);
    this.wordCounts = yield* gathered(this.wordCounts, order, Uint32Array);
    this.ids = yield* gathered(this.ids, order, Int32Array);
    if (this.oddTimes.size === 0) return;
    const odd = new Map(this.oddTimes);
    this.oddTimes.clear();
    yield* chunked(order.length, GATHERED_PER_STEP, (from, to) => {
      for (let k = from; k < to; k++) {
        const text = odd.get(order[k]!);
        if (text !== undefined) this.oddTimes.set(k, text);
      }
    });
  }

  /** Lets a slot's category path, tags and lexemes go (its slot is free, or about to be rewritten). */
  clear(slot: number): void {
    this.arenaGarbage += this.pathLengths[slot]! + this.tagCounts[slot]! + this.wordCounts[slot]!;
    this.pathLengths[slot] = 0;
    this.tagCounts[slot] = 0;
    this.wordCounts[slot] = 0;
    this.oddTimes.delete(slot);
  }

  /** `listed_at` as the database gave it. */
  listedAt(slot: number): string {
    return this.oddTimes.get(slot) ?? textOf(this.ms[slot]!, this.us[slot]!);
  }

  status(slot: number): VisibleStatus {
    return STATUS_CODES[this.statuses[slot]!]!;
  }

  condition(slot: number): ItemCondition | null {
    return CONDITION_CODES[this.conditions[slot]!]!;
  }

  /** Its category and every category above it. */
  categoryPath(slot: number): number[] {
    const from = this.starts[slot]!;
    return Array.from(this.arena.subarray(from, from + this.pathLengths[slot]!));
  }

  /** How many categories the row's path holds, and the `i`th of them: read in place. */
  pathLength(slot: number): number {
    return this.pathLengths[slot]!;
  }

  pathId(slot: number, i: number): number {
    return this.arena[this.starts[slot]! + i]!;
  }

  /** How many tags the row has, and the `i`th of them: read in place. */
  tagCount(slot: number): number {
    return this.tagCounts[slot]!;
  }

  tagId(slot: number, i: number): number {
    return this.arena[this.starts[slot]! + this.pathLengths[slot]! + i]!;
  }

  tagIds(slot: number): number[] {
    const from = this.starts[slot]! + this.pathLengths[slot]!;
    return Array.from(this.arena.subarray(from, from + this.tagCounts[slot]!));
  }

  lexemes(slot: number): string[] {
    const from = this.starts[slot]! + this.pathLengths[slot]! + this.tagCounts[slot]!;
    const found: string[] = [];
    for (let i = 0; i < this.wordCounts[slot]!; i++) found.push(this.words[this.arena[from + i]!]!);
    return found;
  }

  /** Distinct lexemes met so far: every word id is below it (term-dictionary.ts: WordsBySlot). */
  get wordTotal(): number {
    return this.words.length;
  }

  word(id: number): string {
    return this.words[id]!;
  }

  /** The arena the slots' lexemes lie in as word ids (valid until the next write). */
  wordArena(): Int32Array {
    return this.arena;
  }

  wordsFrom(slot: number): number {
    return this.starts[slot]! + this.pathLengths[slot]! + this.tagCounts[slot]!;
  }

  wordsIn(slot: number): number {
    return this.wordCounts[slot]!;
  }

  /** Whether the row is in the category's subtree. */
  inCategory(slot: number, id: number): boolean {
    const from = this.starts[slot]!;
    return this.anyOf(from, from + this.pathLengths[slot]!, id);
  }

  hasTag(slot: number, id: number): boolean {
    const from = this.starts[slot]! + this.pathLengths[slot]!;
    return this.anyOf(from, from + this.tagCounts[slot]!, id);
  }

  /** Whether one of the row's lexemes starts with `term` (a search term is a prefix). */
  hasPrefix(slot: number, term: string): boolean {
    const from = this.starts[slot]! + this.pathLengths[slot]! + this.tagCounts[slot]!;
    const to = from + this.wordCounts[slot]!;
    for (let i = from; i < to; i++) if (this.words[this.arena[i]!]!.startsWith(term)) return true;
    return false;
  }

  /** Bytes held by the columns and the arena (the interned words not counted). */
  get bytes(): number {
    const columns = [this.ids, this.prices, this.ms, this.us, this.statuses, this.conditions];
    const refs = [this.starts, this.pathLengths, this.tagCounts, this.wordCounts, this.arena];
    return [...columns, ...refs].reduce((sum, array) => sum + array.byteLength, 0);
  }

  private anyOf(from: number, to: number, id: number): boolean {
    for (let i = from; i < to; i++) if (this.arena[i] === id) return true;
    return false;
  }

  private wordId(lexeme: string): number {
    let id = this.wordIds.get(lexeme);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(lexeme);
      this.wordIds.set(lexeme, id);
    }
    return id;
  }

  /**
   * Room for `size` more ints at the arena's end: compacted when mostly garbage,
   * else doubled (or made `exactly` that long, when a load knows what it needs).
   */
  private makeRoom(size: number, exactly?: number): void {
    const live = this.arenaUsed - this.arenaGarbage;
    const compact = this.arenaGarbage > live && this.arena.length > this.arenaFloor;
    const grown = compact ? this.arena.length : (exactly ?? this.arena.length * 2);
    const length = Math.max(grown, live + size);
    const arena = new Int32Array(length);
    if (compact) {
      let at = 0;
      for (let slot = 0; slot < this.length; slot++) {
        const count = this.pathLengths[slot]! + this.tagCounts[slot]! + this.wordCounts[slot]!;
        const from = this.starts[slot]!;
        arena.set(this.arena.subarray(from, from + count), at);
        this.starts[slot] = at;
        at += count;
      }
      this.arenaUsed = at;
      this.arenaGarbage = 0;
    } else {
      arena.set(this.arena.subarray(0, this.arenaUsed));
    }
    this.arena = arena;
  }

  private grow(needed: number): void {
    runNow(this.growing(needed));
  }

  /**
   * Every column grown to hold `needed` rows, one a step. `ids` goes last: its
   * length is what says the columns are grown, so a write meanwhile (none is made
   * while a load reserves) would grow them all again rather than overrun one.
   */
  private *growing(needed: number): Steps<void> {
    const capacity = Math.max(needed, this.ids.length * 2, 1_024);
    const grown = <T extends Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array>(
      old: T,
      make: new (length: number) => T,
    ): T => {
      const array = new make(capacity);
      array.set(old);
      return array;
    };
    this.prices = grown(this.prices, Int32Array);
    yield;
    this.ms = grown(this.ms, Float64Array);
    yield;
    this.us = grown(this.us, Uint16Array);
    yield;
    this.statuses = grown(this.statuses, Uint8Array);
    this.conditions = grown(this.conditions, Uint8Array);
    yield;
    this.starts = grown(this.starts, Uint32Array);
    yield;
    this.pathLengths = grown(this.pathLengths, Uint8Array);
    this.tagCounts = grown(this.tagCounts, Uint16Array);
    yield;
    this.wordCounts = grown(this.wordCounts, Uint32Array);
    yield;
    this.ids = grown(this.ids, Int32Array);
  }
}
