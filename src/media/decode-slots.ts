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

/** The process-wide decode slots: one per core (libvips also threads within a decode). */
export const imageDecodeSlots = new Slots(Math.max(1, os.availableParallelism()));
