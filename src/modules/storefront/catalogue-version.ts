import type { Clock } from '../../auth/clock.js';
import { CHANNELS, type Notifications } from '../../db/notifications.js';

/**
 * Even while notifications are live, read the version again this often: a
 * backstop for a connection that died without saying so.
 */
export const VERSION_RECHECK_MS = 5_000;

/** A catalogue version as the database numbers it (migration 0014). */
export interface NumberedVersion {
  /** Names this life of the data: changes on a restore or a re-run migration. */
  epoch: string;
  /** Grows with every committed catalogue write, in commit order. */
  version: number;
}

export interface CatalogueVersion {
  /**
   * The version now, as `<epoch>-<number>` (the part of an ETag that changes),
   * from memory when it can be trusted (then a 304 costs no query).
   */
  current(): Promise<string>;
  close(): void;
}

const tag = (v: NumberedVersion) => `${v.epoch}-${v.version}`;

/** `<epoch>:<version>`, as the commit trigger announces it; null for anything else. */
function parseAnnouncement(payload: string): NumberedVersion | null {
  const match = /^([0-9a-f]{1,32}):(\d{1,15})$/.exec(payload);
  return match ? { epoch: match[1]!, version: Number(match[2]) } : null;
}

/**
 * The catalogue version kept in memory. Every commit that changes the catalogue
 * announces its version, numbered in commit order, once it is visible (0014);
 * within an epoch the highest version heard or read is the current one, and an
 * announcement from another epoch (a restored database) makes memory start over.
 * A write this process commits makes the next call read, so a client sees its
 * own write at once. Without live notifications every call reads the database.
 */
export function catalogueVersion(
  read: () => Promise<NumberedVersion>,
  notifications: Notifications,
  clock: Clock,
): CatalogueVersion {
  let known: NumberedVersion | null = null;
  let checkedAt = 0;
  // The highest version announced since memory was last forgotten: a read whose
  // snapshot predates that commit is raised to it rather than stored stale.
  let heard: NumberedVersion | null = null;
  // Bumped whenever memory is forgotten: a read begun before may predate a write.
  let generation = 0;
  // Concurrent misses share one read (per generation).
  let pending: { generation: number; value: Promise<string> } | null = null;

  const forget = () => {
    known = null;
    heard = null;
    pending = null;
    generation++;
  };
  const unsubscribe = notifications.subscribe(CHANNELS.catalogue, {
    message(payload) {
      const announced = parseAnnouncement(payload);
      if (!announced) return;
      if ((heard && heard.epoch !== announced.epoch) || (known && known.epoch !== announced.epoch))
        forget();
      if (!heard || announced.version > heard.version) heard = announced;
      if (known && announced.version > known.version) known = announced;
    },
    reset: forget,
  });

  async function readAndStore(): Promise<string> {
    const began = generation;
    const startedAt = clock.now().getTime();
    let value = await read();
    if (heard && heard.epoch !== value.epoch) {
      // Announced and read from different lives of the data: trust neither to last.
      forget();
      return tag(value);
    }
    if (heard && heard.version > value.version) value = heard;
    if (began === generation && notifications.live) {
      if (!known || known.epoch !== value.epoch || value.version > known.version) known = value;
      checkedAt = startedAt;
    }
    return tag(value);
  }

  return {
    current() {
      if (known !== null && notifications.live) {
        const age = clock.now().getTime() - checkedAt;
        if (age >= 0 && age < VERSION_RECHECK_MS) return Promise.resolve(tag(known));
      }
      if (pending?.generation !== generation) {
        const value = readAndStore();
        const entry = { generation, value };
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
