import os from 'node:os';

/**
 * A counting semaphore: at most `size` holders at once, the rest wait in arrival
 * order. Image decodes take one slot each, across all requests, so ten phones
 * submitting six 12 MP photos each decode a few at a time instead of sixty (a
 * decoded 50 MP image is 150 MB of pixels).
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('slots: size must be at least 1');
    this.free = size;
  }

  /** How many hold a slot now. */
  get inUse(): number {
    return this.size - this.free;
  }

  /** Runs `work` while holding a slot; the slot is given back however it ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // Handed straight to the next waiter: the count of holders stays the same.
    if (next) next();
    else this.free++;
  }
}

const cores = Math.max(1, os.availableParallelism());

/**
 * The process-wide decode slots, one per core. Every sharp pipeline that decodes a
 * photo runs inside one: the upload's re-encode and the list sizes (variants) alike.
 */
export const imageDecodeSlots = new Slots(cores);

/**
 * Full-size re-encodes, one at a time in the process. The JPEG encoder's optimised
 * Huffman pass keeps the whole photo's DCT coefficients until it has seen every block
 * (about 80 MB for 12 MP, five times that at the 50 MP limit), while a decode slot's
 * other work (the list sizes) streams in strips. Taken before a decode slot, so a
 * waiting re-encode never holds a core idle.
 */
export const fullImageEncodes = new Slots(1);
