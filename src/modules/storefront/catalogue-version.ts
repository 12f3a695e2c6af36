import type { Clock } from '../../auth/clock.js';
import { CHANNELS, type Notifications } from '../../db/notifications.js';

/**
 * Even while notifications are live, read the version again this often: a
 * backstop for a connection that died without saying so.
 */
export const VERSION_RECHECK_MS = 5_000;

export interface CatalogueVersion {
  /** The version now, from memory when it can be trusted (then a 304 costs no query). */
  current(): Promise<number>;
  close(): void;
}

/**
 * The catalogue version kept in memory. Every commit that changes the catalogue
 * announces its new version (migration 0013); versions only grow, so the
 * highest one heard or read is the current one. A write this process commits
 * makes the next call read, so a client sees its own write at once. Without
 * live notifications every call reads the database.
 */
export function catalogueVersion(
  read: () => Promise<number>,
  notifications: Notifications,
  clock: Clock,
): CatalogueVersion {
  let known: number | null = null;
  let checkedAt = 0;
  // The highest version announced since memory was last forgotten: a read that
  // began before that commit is raised to it rather than stored stale.
  let heard = 0;
  // Bumped whenever memory is forgotten: a read begun before may predate a write.
  let epoch = 0;
  // Concurrent misses share one read (per epoch).
  let pending: { epoch: number; value: Promise<number> } | null = null;

  const forget = () => {
    known = null;
    heard = 0; // reads begun before now are discarded anyway (epoch), and a restored database may be lower
    pending = null;
    epoch++;
  };
  const unsubscribe = notifications.subscribe(CHANNELS.catalogue, {
    message(payload) {
      const announced = Number(payload);
      if (!Number.isSafeInteger(announced)) return;
      heard = Math.max(heard, announced);
      if (known !== null) known = Math.max(known, announced);
    },
    reset: forget,
  });

  async function readAndStore(): Promise<number> {
    const began = epoch;
    const startedAt = clock.now().getTime();
    const value = Math.max(await read(), heard);
    if (began === epoch && notifications.live) {
      known = Math.max(known ?? value, value);
      checkedAt = startedAt;
    }
    return value;
  }

  return {
    current() {
      if (known !== null && notifications.live) {
        const age = clock.now().getTime() - checkedAt;
        if (age >= 0 && age < VERSION_RECHECK_MS) return Promise.resolve(known);
      }
      if (pending?.epoch !== epoch) {
        const value = readAndStore();
        const entry = { epoch, value };
        pending = entry;
        // Settled reads are not shared: the next miss reads afresh.
        const clear = () => {
          if (pending === entry) pending = null;
        };
        value.then(clear, clear);
      }
      return pending!.value;
    },
    close: unsubscribe,
  };
}
