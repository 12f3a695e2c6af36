import type { Clock } from '../../auth/clock.js';
import type { Db } from '../../db/database.js';
import type { JobWorker } from '../../jobs/job-queue.js';
import { unreferenced } from '../media-deletion.js';
import type { MediaStorage, StoredEntry } from '../storage.js';

export const MEDIA_SWEEP_KIND = 'media-sweep';
const HOUR_MS = 60 * 60 * 1000;
/**
 * An object younger than this is never swept: a submission writes its photos
 * before the transaction that references them, and may still be on its way.
 */
export const MEDIA_SWEEP_GRACE_MS = 24 * HOUR_MS;
const SWEEP_EVERY_MS = 6 * HOUR_MS;
// Names checked against the database per query; bounds the statement's size.
const BATCH = 500;

interface SweepDeps {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
}

/**
 * Removes stored objects that no row references and that are older than the grace
 * period: what a crash between writing photos and committing (or between a
 * cut-out's commit and its cleanup) left behind. Returns how many went.
 */
export async function sweepUnreferencedMedia(deps: SweepDeps): Promise<{ removed: number }> {
  const cutoff = deps.clock.now().getTime() - MEDIA_SWEEP_GRACE_MS;
  let removed = 0;
  let batch: StoredEntry[] = [];
  const flush = async () => {
    // The same decision as every writer's removal (media-deletion.ts).
    const orphans = await unreferenced(
      deps.db,
      batch.map((entry) => entry.path),
    );
    await deps.storage.remove(orphans);
    removed += orphans.length;
    batch = [];
  };
  for await (const entry of deps.storage.list()) {
    if (entry.storedAt.getTime() > cutoff) continue;
    batch.push(entry);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { removed };
}

/** The sweep as a recurring job: one run across all instances at a time. */
export function registerMediaSweep(
  jobs: Pick<JobWorker, 'register'>,
  deps: SweepDeps & { log: { info(details: object, message: string): void } },
): void {
  jobs.register(MEDIA_SWEEP_KIND, {
    everyMs: SWEEP_EVERY_MS,
    leaseMs: 10 * 60 * 1000,
    async handle() {
      const { removed } = await sweepUnreferencedMedia(deps);
      if (removed > 0) deps.log.info({ removed }, 'unreferenced media removed');
    },
  });
}
