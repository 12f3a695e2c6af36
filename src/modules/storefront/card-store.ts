import { SlotsById } from './slots-by-id.js';

/** Bytes of one chunk of card bytes: about 20,000 packed cards. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** Where a kept card's packed bytes are. A chunk is never written over, so this stays true after any later change. */
export interface CardBytes {
  chunk: Buffer;
  start: number;
  end: number;
  /** The bytes of the card's JSON, written out. */
  size: number;
  /**
   * Where these bytes were appended, as if every chunk ever opened followed the one
   * before: no other card's bytes, before or after, have the same (a card moved by
   * compaction gets a new one), so it names these bytes' JSON for good.
   */
  serial: number;
}

/** What a card was worked out at (CatalogueView's epoch, life and version). */
export interface CardAt {
  epoch: string;
  life: number;
  version: number;
}

const NONE = -1;

/** The bookkeeping columns of Int32Array (versionOf is the one of Float64Array). */
const CARD_COLUMNS = [
  'ids',
  'chunkOf',
  'startOf',
  'lengthOf',
  'sizeOf',
  'lifeOf',
  'epochOf',
  'older',
  'newer',
] as const;

/**
 * Kept cards by slot: their bytes in chunks of one arena, their bookkeeping in typed
 * arrays, and the order they were served in as a list of slots. At a million cards
 * an object per card (a Map entry, a card, a string header) cost about 150 bytes
 * beside 400 of packed card and kept the collector marking all of it; here a card
 * costs about 64 bytes beside its bytes (item-cards.ts's CARD_OVERHEAD), and the
 * arena lies outside the heap.
 *
 * Bytes are only ever appended to the newest chunk. A card removed leaves its bytes
 * dead where they are; once a quarter of an older chunk is dead, its live cards are
 * copied to the newest chunk and the chunk is let go (so the arena holds at most a
 * third more than the live bytes, and one chunk). Readers holding a CardBytes keep
 * their chunk alive, unchanged.
 */
export class CardStore {
  private ids = new Int32Array(0);
  private chunkOf = new Int32Array(0);
  private startOf = new Int32Array(0);
  private lengthOf = new Int32Array(0);
  private sizeOf = new Int32Array(0);
  private lifeOf = new Int32Array(0);
  private epochOf = new Int32Array(0);
  private versionOf = new Float64Array(0);
  // Slot 0 is both ends of the list: newer[0] is the least recently served, older[0] the most.
  private older = new Int32Array(0);
  private newer = new Int32Array(0);
  /** Slots freed, to be used again before `top`. */
  private readonly freed: number[] = [];
  /** The next slot never used. */
  private top = 1;
  private readonly byId = new SlotsById();
  private readonly epochs: string[] = [];
  private readonly chunks: Array<Buffer | null> = [];
  /** Bytes written into each chunk, and how many of them belong to no card now. */
  private readonly used: number[] = [];
  private readonly dead: number[] = [];
  private current = NONE;
  /** Each chunk's place among all chunks ever opened: a card's serial is it and the card's start. */
  private readonly generation: number[] = [];
  private opened = 0;
  /** Chunks a quarter dead, compacted before an operation returns. */
  private readonly stale = new Set<number>();

  /** Cards kept. */
  count = 0;
  /** Their packed bytes. */
  liveBytes = 0;

  constructor(private readonly chunkBytes = CHUNK_BYTES) {
    this.empty();
  }

  /** Whether a card of `length` packed bytes can be kept at all. */
  fits(length: number): boolean {
    return length <= this.chunkBytes;
  }

  /** The card's slot, or 0. */
  find(id: number): number {
    return this.byId.get(id) ?? 0;
  }

  /**
   * `find`, trying `guess` first: the slot after the card before it on a page.
   * Cards are kept in the order warming made them, newest first, so a page's cards
   * mostly lie in consecutive slots, while their ids are scattered: each look-up by
   * id was a miss of the processor's caches (and of its address translation) in a
   * table of a million ids, about 6 µs a page of 24 at a million items, where the
   * slot's own id is in the line just read (docs/performance.md).
   */
  findNear(id: number, guess: number): number {
    if (guess > 0 && guess < this.top && this.ids[guess] === id && this.chunkOf[guess] !== NONE) {
      return guess;
    }
    return this.find(id);
  }

  id(slot: number): number {
    return this.ids[slot]!;
  }

  /** The bytes of the card's JSON, written out. */
  size(slot: number): number {
    return this.sizeOf[slot]!;
  }

  epoch(slot: number): string {
    return this.epochs[this.epochOf[slot]!]!;
  }

  life(slot: number): number {
    return this.lifeOf[slot]!;
  }

  version(slot: number): number {
    return this.versionOf[slot]!;
  }

  bytes(slot: number): CardBytes {
    const start = this.startOf[slot]!;
    return {
      chunk: this.chunks[this.chunkOf[slot]!]!,
      start,
      end: start + this.lengthOf[slot]!,
      size: this.sizeOf[slot]!,
      serial: this.generation[this.chunkOf[slot]!]! * this.chunkBytes + start,
    };
  }

  /** The least recently served card's slot, or 0. */
  oldest(): number {
    return this.newer[0]!;
  }

  /** The slot served after `slot`, or 0 past the most recent. */
  newerThan(slot: number): number {
    return this.newer[slot]!;
  }

  /** Keeps a card (its id not kept already) as the most recently served; returns its slot. */
  add(id: number, at: CardAt, packed: Uint8Array, size: number): number {
    const length = packed.length;
    if (!this.fits(length)) throw new RangeError(`A card of ${length} bytes does not fit a chunk.`);
    if (this.byId.get(id) !== undefined) throw new Error(`Card ${id} is kept already.`);
    const slot = this.freed.pop() ?? this.top++;
    if (slot >= this.ids.length) this.grow(this.ids.length * 2);
    this.place(slot, length);
    this.chunks[this.chunkOf[slot]!]!.set(packed, this.startOf[slot]!);
    this.ids[slot] = id;
    this.sizeOf[slot] = size;
    this.lifeOf[slot] = at.life;
    this.epochOf[slot] = this.epochIndex(at.epoch);
    this.versionOf[slot] = at.version;
    this.linkNewest(slot);
    this.byId.set(id, slot);
    this.count++;
    this.liveBytes += length;
    this.compactStale();
    return slot;
  }

  /** Makes the card the most recently served. */
  touch(slot: number): void {
    if (this.older[0] === slot) return;
    this.unlink(slot);
    this.linkNewest(slot);
  }

  remove(slot: number): void {
    this.forget(slot);
    this.compactStale();
  }

  /**
   * Keeps only the cards of `at`'s epoch and life (item-cards.ts: forgetBefore), their
   * numbers compared column by column: the epoch's index, not its text. Reading each
   * card's epoch text and comparing it with the view's (equal text, another string),
   * twice, held the event loop for 153 ms at a million cards; this takes 3-6 ms
   * (bench/card-store-retain.ts). A reload within a life keeps every card, and
   * nothing more is done. A new life keeps none, and the store starts over: taking a
   * million cards out one by one took 50-70 ms (docs/performance.md). Otherwise the
   * rest go in one pass, and chunks left a quarter dead are compacted once.
   */
  retainLife(at: CardAt): void {
    const epoch = this.epochs.indexOf(at.epoch);
    const ofLife = (slot: number) =>
      this.chunkOf[slot] !== NONE && this.lifeOf[slot] === at.life && this.epochOf[slot] === epoch;
    let kept = 0;
    for (let slot = 1; slot < this.top; slot++) if (ofLife(slot)) kept++;
    if (kept === this.count) return;
    if (kept === 0) {
      this.empty();
      return;
    }
    for (let slot = 1; slot < this.top; slot++) {
      if (this.chunkOf[slot] !== NONE && !ofLife(slot)) this.forget(slot);
    }
    this.compactStale();
  }

  /** Bytes the arena holds: chunks written, live and dead. */
  arenaBytes(): number {
    let total = 0;
    for (let c = 0; c < this.chunks.length; c++) if (this.chunks[c]) total += this.used[c]!;
    return total;
  }

  /** Chunks held (each `chunkBytes`, touched only as far as written). */
  chunkCount(): number {
    return this.chunks.filter((chunk) => chunk !== null).length;
  }

  /**
   * No card kept, every chunk let go (a reader's CardBytes keeps its own): as made,
   * and after a retainLife that keeps none. `opened` goes on counting: a serial names
   * one card's bytes for good, and written-cards.ts may still hold JSON by an old one.
   */
  private empty(): void {
    for (const column of CARD_COLUMNS) this[column] = new Int32Array(0);
    this.versionOf = new Float64Array(0);
    this.top = 1;
    this.freed.length = 0;
    this.byId.clear();
    this.chunks.length = 0;
    this.used.length = 0;
    this.dead.length = 0;
    this.generation.length = 0;
    this.current = NONE;
    this.stale.clear();
    this.count = 0;
    this.liveBytes = 0;
    this.grow(1_024);
    this.older[0] = 0;
    this.newer[0] = 0;
  }

  private forget(slot: number): void {
    this.unlink(slot);
    this.byId.delete(this.ids[slot]!);
    const chunk = this.chunkOf[slot]!;
    const length = this.lengthOf[slot]!;
    this.dead[chunk]! += length;
    this.chunkOf[slot] = NONE;
    this.freed.push(slot);
    this.count--;
    this.liveBytes -= length;
    if (chunk !== this.current && this.isStale(chunk)) this.stale.add(chunk);
  }

  private isStale(chunk: number): boolean {
    return this.dead[chunk]! * 4 >= this.used[chunk]!;
  }

  /** Room for `length` bytes at the end of the newest chunk, a new one opened when it is full. */
  private place(slot: number, length: number): void {
    if (this.current === NONE || this.used[this.current]! + length > this.chunkBytes) {
      const full = this.current;
      this.current = this.open();
      if (full !== NONE && this.isStale(full)) this.stale.add(full);
    }
    this.chunkOf[slot] = this.current;
    this.startOf[slot] = this.used[this.current]!;
    this.lengthOf[slot] = length;
    this.used[this.current]! += length;
  }

  private open(): number {
    // Not from Node's pool, and not zeroed: a chunk's pages are touched only as it is written.
    const chunk = Buffer.allocUnsafeSlow(this.chunkBytes);
    let index = this.chunks.indexOf(null);
    if (index === NONE) index = this.chunks.length;
    this.chunks[index] = chunk;
    this.generation[index] = this.opened++;
    this.used[index] = 0;
    this.dead[index] = 0;
    return index;
  }

  /** Copies the live cards of every stale chunk to the newest chunk, in one pass over the slots, and lets those chunks go. */
  private compactStale(): void {
    while (this.stale.size > 0) {
      // Never the newest chunk: only a chunk no longer written is marked.
      const moving = new Set(this.stale);
      this.stale.clear();
      for (let slot = 1; slot < this.top; slot++) {
        const chunk = this.chunkOf[slot]!;
        if (chunk === NONE || !moving.has(chunk)) continue;
        const start = this.startOf[slot]!;
        const length = this.lengthOf[slot]!;
        const source = this.chunks[chunk]!;
        this.place(slot, length);
        source.copy(this.chunks[this.current]!, this.startOf[slot]!, start, start + length);
      }
      for (const chunk of moving) {
        this.chunks[chunk] = null;
        this.used[chunk] = 0;
        this.dead[chunk] = 0;
      }
    }
  }

  private epochIndex(epoch: string): number {
    const last = this.epochs.length - 1;
    if (last >= 0 && this.epochs[last] === epoch) return last;
    const index = this.epochs.indexOf(epoch);
    if (index !== NONE) return index;
    this.epochs.push(epoch);
    return last + 1;
  }

  private unlink(slot: number): void {
    const older = this.older[slot]!;
    const newer = this.newer[slot]!;
    this.newer[older] = newer;
    this.older[newer] = older;
  }

  private linkNewest(slot: number): void {
    const newest = this.older[0]!;
    this.older[slot] = newest;
    this.newer[slot] = 0;
    this.newer[newest] = slot;
    this.older[0] = slot;
  }

  private grow(capacity: number): void {
    const grown = <T extends Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const array = make(capacity);
      array.set(old);
      return array;
    };
    const int32 = (n: number) => new Int32Array(n);
    this.ids = grown(this.ids, int32);
    this.chunkOf = grown(this.chunkOf, (n) => new Int32Array(n).fill(NONE));
    this.startOf = grown(this.startOf, int32);
    this.lengthOf = grown(this.lengthOf, int32);
    this.sizeOf = grown(this.sizeOf, int32);
    this.lifeOf = grown(this.lifeOf, int32);
    this.epochOf = grown(this.epochOf, int32);
    this.versionOf = grown(this.versionOf, (n) => new Float64Array(n));
    this.older = grown(this.older, int32);
    this.newer = grown(this.newer, int32);
  }
}
