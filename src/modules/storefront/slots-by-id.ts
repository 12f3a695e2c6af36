/**
 * The index's slot of each item by id. Item ids are serial, so most are found in
 * an Int32Array indexed by id (4 bytes an id, nothing to rehash as a million are
 * added); an id far past the others (more than twice as many as are held) goes to
 * a Map instead, so one odd id never makes the array that long.
 */
export class SlotsById {
  private direct = new Int32Array(0);
  private readonly far = new Map<number, number>();
  size = 0;

  get(id: number): number | undefined {
    const slot = id < this.direct.length ? this.direct[id]! : -1;
    return slot >= 0 ? slot : this.far.get(id);
  }

  set(id: number, slot: number): void {
    if (this.far.has(id)) {
      this.far.set(id, slot);
      return;
    }
    if (id >= this.direct.length && id < 2 * (this.size + 1_024)) this.grow(id + 1);
    if (id < this.direct.length) {
      if (this.direct[id]! < 0) this.size++;
      this.direct[id] = slot;
    } else {
      this.far.set(id, slot);
      this.size++;
    }
  }

  delete(id: number): void {
    if (id < this.direct.length && this.direct[id]! >= 0) {
      this.direct[id] = -1;
      this.size--;
    } else if (this.far.delete(id)) {
      this.size--;
    }
  }

  /** Holds nothing again, its arrays let go. */
  clear(): void {
    this.direct = new Int32Array(0);
    this.far.clear();
    this.size = 0;
  }

  private grow(needed: number): void {
    const grown = new Int32Array(Math.max(needed, this.direct.length * 2)).fill(-1);
    grown.set(this.direct);
    this.direct = grown;
  }
}
