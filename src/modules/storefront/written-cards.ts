/**
 * The JSON of the cards written out most, kept as it was written: the newest items
 * are on every first page whatever its price bound or words, and unpacking a card
 * costs about 1.2 µs against 0.15 µs to copy its JSON (bench/item-cards.ts): a
 * quarter of such a page's CPU.
 *
 * The JSON goes into a ring of `budget` bytes, each card's in one piece, the oldest
 * written over first; where each is, is in a table indexed by a hash of its serial
 * (card-store.ts), one card a place. Nothing is allocated per card written: a deep
 * page's cards, each written once, cost a lookup and a mark.
 *
 * - A serial names one card's packed bytes for good, so JSON kept here is never served
 *   for a card changed, moved or removed since (those get new serials; their old
 *   JSON is written over in its turn).
 * - A card is kept on its second write since its serial was last marked in `seen`
 *   (also by hash): cards written once, as a deep page's are, never push out the
 *   cards written again and again.
 */
export class WrittenCards {
  private ring: Buffer | null = null;
  /** Bytes ever written into the ring: a card at `pos` is still there while pos ≥ head − budget. */
  private head = 0;
  private readonly serials: Float64Array;
  private readonly positions: Float64Array;
  /**
   * Each place's JSON as a view of the ring, made once when kept: copying a range of
   * a buffer makes a view of it each time (Node 20's Buffer#copy, subarray), 24 a page.
   */
  private readonly views: Array<Uint8Array | undefined>;
  /** Serials written once, one per hash; -1 is none. */
  private readonly seen: Float64Array;
  /** log2 of the table's places. */
  private readonly bits: number;

  /**
   * `places` (rounded up to a power of two): how many cards the table can name at
   * once, about what the ring holds (a card's JSON is about 1 KB). Each kept card's
   * view lives on the heap: 65,536 places slowed every collection (scavenges of
   * 12–20 ms against 3, and major collections under load), 8,192 did not
   * (docs/performance.md).
   */
  constructor(
    private readonly budget: number,
    places = Math.max(1, Math.ceil(budget / 1024)),
  ) {
    this.bits = Math.min(16, Math.ceil(Math.log2(Math.max(1, places))));
    const size = 2 ** this.bits;
    this.serials = new Float64Array(size).fill(-1);
    this.positions = new Float64Array(size);
    this.views = new Array<Uint8Array | undefined>(size).fill(undefined);
    this.seen = new Float64Array(size).fill(-1);
  }

  /**
   * Bytes of JSON the ring holds (at most `budget`; its pages are touched only as
   * written). Its table lies beside it, not counted: about 130 bytes a place with
   * its view (1 MB for the default bound's 8,192 places).
   */
  get bytes(): number {
    return Math.min(this.head, this.budget);
  }

  /**
   * Writes the card's kept JSON into `out` at `at` and returns where it ends, or -1
   * when it is not kept.
   */
  writeInto(serial: number, out: Uint8Array, at: number): number {
    const place = this.placeOf(serial);
    if (this.serials[place] !== serial) return -1;
    const pos = this.positions[place]!;
    if (pos < this.head - this.budget) return -1;
    const json = this.views[place]!;
    out.set(json, at);
    return at + json.length;
  }

  /**
   * The card named by `serial` was just written out as `from[start..end)`: its JSON
   * is kept if it was written before, over the oldest JSON kept.
   */
  written(serial: number, from: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (length > this.budget) return;
    const place = this.placeOf(serial);
    if (this.seen[place] !== serial) {
      this.seen[place] = serial;
      return;
    }
    this.seen[place] = -1;
    this.ring ??= Buffer.allocUnsafeSlow(this.budget);
    // In one piece: past the ring's end, it starts again at the beginning.
    let at = this.head % this.budget;
    if (at + length > this.budget) {
      this.head += this.budget - at;
      at = 0;
    }
    const json = this.ring.subarray(at, at + length);
    json.set(from.subarray(start, end));
    this.serials[place] = serial;
    this.positions[place] = this.head;
    this.views[place] = json;
    this.head += length;
  }

  private placeOf(serial: number): number {
    return placeOf(serial, this.bits);
  }
}

/**
 * A serial's place in a table of 2^bits places: its low and high 32 bits mixed
 * (serials a chunk apart differ only in the high ones), the product's top bits taken
 * (its low bits would repeat the serial's: cards 400 bytes apart would share them).
 */
export function placeOf(serial: number, bits: number): number {
  if (bits === 0) return 0;
  const low = serial % 0x1_0000_0000;
  const high = (serial - low) / 0x1_0000_0000;
  return Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1) >>> (32 - bits);
}
