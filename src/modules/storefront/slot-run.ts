/**
 * A run of slots that grows in place: `view` is the filled part of its buffer,
 * 4 bytes a slot (a JavaScript array of them takes 8, and more while it grows).
 */
export class SlotRun {
  view: Int32Array;
  private buffer: Int32Array;

  constructor(slots: Int32Array = new Int32Array(0)) {
    this.buffer = slots;
    this.view = slots;
  }

  get length(): number {
    return this.view.length;
  }

  insertAt(at: number, slot: number): void {
    const length = this.view.length;
    if (length === this.buffer.length) this.grow();
    this.buffer.copyWithin(at + 1, at, length);
    this.buffer[at] = slot;
    this.view = this.buffer.subarray(0, length + 1);
  }

  removeAt(at: number): void {
    const length = this.view.length;
    this.buffer.copyWithin(at, at + 1, length);
    this.view = this.buffer.subarray(0, length - 1);
  }

  /** Adds a slot at the end (a run kept in no order). */
  push(slot: number): void {
    const length = this.view.length;
    if (length === this.buffer.length) this.grow();
    this.buffer[length] = slot;
    this.view = this.buffer.subarray(0, length + 1);
  }

  /** Takes out the slot at `at`, putting the last in its place (a run kept in no order). */
  swapRemove(at: number): void {
    const length = this.view.length;
    this.buffer[at] = this.buffer[length - 1]!;
    this.view = this.buffer.subarray(0, length - 1);
  }

  private grow(): void {
    const length = this.buffer.length;
    const grown = new Int32Array(Math.max(4, length + (length >>> 1)));
    grown.set(this.buffer);
    this.buffer = grown;
  }
}
