import { OwedCounts } from './owed-counts.js';

/**
 * The rate-limit store @fastify/rate-limit calls: a shared counter (Redis) while it
 * answers, this instance's memory while it does not, and what was counted in
 * memory carried into the shared counter once it answers again (owed-counts.ts).
 * Kept apart from Redis so its rules can be driven by a property test with a fake.
 */

export interface Counter {
  current: number;
  ttl: number;
}
export type Callback = (error: Error | null, result?: Counter) => void;
/** What the plugin hands `child()`: the route's merged limit options (passed through untouched). */
export type RouteOptions = object;

export interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

/** The shared counter, able to take counts made elsewhere. */
export interface SharedStore extends Store {
  /** Adds `count` to the key; a key that did not exist gets a window of `ttlMs`. */
  carry(key: string, count: number, ttlMs: number, cb: (error: Error | null) => void): void;
  child(routeOptions: RouteOptions): SharedStore;
}

/** Whether the shared counter may be asked now, and what to do when it fails or answers. */
export interface SharedLink {
  usable(): boolean;
  wentDown(error: Error | null): void;
  /** It answered; the link calls every `onReturn` listener when it had been down. */
  cameBack(): void;
  onReturn(listener: () => void): void;
}

/** Keys remembered per route while the shared counter is away (as LocalStore's cache). */
export const OWED_KEYS = 10_000;

export class ResilientStore implements Store {
  private readonly owed: OwedCounts;

  constructor(
    private readonly shared: SharedStore,
    private readonly local: Store,
    private readonly link: SharedLink,
    private readonly now: () => number = Date.now,
  ) {
    this.owed = new OwedCounts(OWED_KEYS, now);
    // Carried as soon as the counter is back, not at the key's next request: that
    // request may go to another instance, which knows nothing of these counts.
    link.onReturn(() => this.carryAll());
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    if (!this.link.usable()) {
      this.countLocally(key, cb, timeWindow, max);
      return;
    }
    const owed = this.owed.take(key);
    const fail = (error: Error) => {
      this.link.wentDown(error);
      if (owed) this.owed.giveBack(key, owed);
      this.countLocally(key, cb, timeWindow, max);
    };
    const count = () =>
      this.shared.incr(
        key,
        (error, result) => {
          if (error) {
            fail(error);
            return;
          }
          this.link.cameBack();
          // Keep the local counter near the shared one, so a fallback starts where Redis was.
          this.local.incr(key, () => {}, timeWindow, max);
          cb(null, result);
        },
        timeWindow,
        max,
      );
    if (!owed) {
      count();
      return;
    }
    this.shared.carry(key, owed.count, owed.until - this.now(), (error) => {
      if (error) fail(error);
      else count();
    });
  }

  child(routeOptions: RouteOptions): Store {
    return new ResilientStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.link,
      this.now,
    );
  }

  /** Counts owed for this route now, for tests and the log. */
  get owedKeys(): number {
    return this.owed.size;
  }

  private countLocally(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.owed.counted(key, timeWindow);
    this.local.incr(key, cb, timeWindow, max);
  }

  private carryAll(): void {
    for (const key of this.owed.keys()) {
      const owed = this.owed.take(key);
      if (!owed) continue;
      this.shared.carry(key, owed.count, owed.until - this.now(), (error) => {
        if (error) this.owed.giveBack(key, owed);
      });
    }
  }
}
