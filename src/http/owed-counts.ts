/**
 * Counts a rate limit made in this instance's memory while Redis was away: owed
 * to Redis, and carried into it when it returns, so an outage never refills an
 * allowance (issue 31 item 4; spec 8's numbers hold across an outage).
 *
 * Per key, one entry: how many requests were counted in memory and when the
 * window they belong to ends (after that they no longer count anywhere). The
 * transitions are pure (`nextOwed`); `OwedCounts` is the thin shell holding them.
 */

export interface Owed {
  /** Requests counted in memory only. */
  count: number;
  /** End of their window (ms since the epoch): past it, nothing is owed. */
  until: number;
}

export type OwedEvent =
  /** One request counted in memory (Redis away). */
  | { kind: 'counted'; now: number; windowMs: number }
  /** The entry is being carried into Redis: nothing is owed meanwhile. */
  | { kind: 'taken' }
  /** Carrying failed: `owed` is owed again, with what was counted meanwhile. */
  | { kind: 'given-back'; owed: Owed };

const live = (entry: Owed | undefined, now: number) =>
  entry !== undefined && entry.until > now ? entry : undefined;

/** The entry after an event; undefined when nothing is owed. */
export function nextOwed(entry: Owed | undefined, event: OwedEvent, now: number): Owed | undefined {
  const current = live(entry, now);
  switch (event.kind) {
    case 'counted':
      return current
        ? { count: current.count + 1, until: current.until }
        : { count: 1, until: event.now + event.windowMs };
    case 'taken':
      return undefined;
    case 'given-back': {
      const back = live(event.owed, now);
      if (!back) return current;
      if (!current) return back;
      // Both belong to windows that began during this outage; the earlier end is the one Redis keeps.
      return { count: current.count + back.count, until: Math.min(current.until, back.until) };
    }
  }
}

/** The entries of one limited route, at most `capacity` keys (the oldest is dropped first). */
export class OwedCounts {
  private readonly entries = new Map<string, Owed>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  private apply(key: string, event: OwedEvent): void {
    const next = nextOwed(this.entries.get(key), event, this.now());
    this.entries.delete(key);
    if (!next) return;
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, next);
  }

  counted(key: string, windowMs: number): void {
    this.apply(key, { kind: 'counted', now: this.now(), windowMs });
  }

  /** What is owed for the key, now removed (give it back if carrying fails). */
  take(key: string): Owed | undefined {
    const owed = live(this.entries.get(key), this.now());
    this.apply(key, { kind: 'taken' });
    return owed;
  }

  giveBack(key: string, owed: Owed): void {
    this.apply(key, { kind: 'given-back', owed });
  }

  /** Every key something is owed for. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }
}
