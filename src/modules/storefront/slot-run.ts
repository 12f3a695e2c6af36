/**
 * A run of slots that grows in place, 4 bytes a slot (a JavaScript array of them
 * takes 8, and more while it grows). `view` is the filled part of its buffer,
 * made again only when asked for after a change: a load pushes millions of
 * slots without making a view for each.
 */
export class SlotRun {
  private buffer: Int32Array;
  private filled: number;
  private viewed: Int32Array;

  constructor(slots: Int32Array = new Int32Array(0)) {
    this.buffer = slots;
    this.filled = slots.length;
    this.viewed = slots;
  }

  get length(): number {
    return this.filled;
  }

  /** The slots, as an array of its own length sharing the buffer. */
  get view(): Int32Array {
    if (this.viewed.length !== this.filled || this.viewed.buffer !== this.buffer.buffer) {
      this.viewed = this.buffer.subarray(0, this.filled);
    }
    return this.viewed;
  }

  insertAt(at: number, slot: number): void {
    if (this.filled === this.buffer.length) this.grow();
    this.buffer.copyWithin(at + 1, at, this.filled);
    this.buffer[at] = slot;
    this.filled++;
  }

  removeAt(at: number): void {
    this.buffer.copyWithin(at, at + 1, this.filled);
    this.filled--;
  }

  /** Adds a slot at the end (a run kept in no order). */
  push(slot: number): void {
    if (this.filled === this.buffer.length) this.grow();
    this.buffer[this.filled++] = slot;
  }

  /** Takes out the slot at `at`, putting the last in its place (a run kept in no order). */
  swapRemove(at: number): void {
    this.buffer[at] = this.buffer[--this.filled]!;
  }

  private grow(): void {
    const length = this.buffer.length;
    const grown = new Int32Array(Math.max(4, length + (length >>> 1)));
    grown.set(this.buffer);
    this.buffer = grown;
  }
}
