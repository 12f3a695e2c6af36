import type { Db } from '../db/database.js';
import type { MediaStorage } from './storage.js';
import { referencedAmong } from './stores/media-references.repository.js';

/**
 * The one place that decides which stored files go (issue 30, item 18). A file
 * goes only when no row points at it: an item's photo, its original before a
 * cut-out, their list sizes, or the picture an order line keeps of what was
 * bought (media-references.repository.ts lists them). Every writer removes
 * through `writersMedia` (a photo deleted or replaced, an item deleted, an
 * original restored, a cut-out's old list sizes, the files of a write that did
 * not commit), and the sweep removes what is left with the same decision.
 *
 * Why after the commit is safe: names are random and never reused, and the only
 * copy of a name into a new row, an order line taking its item's first photo,
 * happens in the sale's transaction while it holds the item row; every photo
 * change holds that row too. A change that committed first is not seen by the
 * sale; a sale that committed first is seen here.
 */
export async function unreferenced(db: Db, paths: readonly string[]): Promise<string[]> {
  const candidates = [...new Set(paths)];
  if (candidates.length === 0) return [];
  const referenced = await referencedAmong(db, candidates);
  return candidates.filter((path) => !referenced.has(path));
}

/**
 * The store as writers get it: `remove` removes only what no row references,
 * and a store (or database) that does not answer then does not turn a committed
 * change or a refusal into an error: what is left is referenced by no row, and
 * the media sweep (media-sweep.ts), which retries, removes it later.
 */
export function writersMedia(
  storage: MediaStorage,
  db: Db,
  log: { warn(details: object, message: string): void },
): MediaStorage {
  return {
    ...storage,
    async remove(paths) {
      if (paths.length === 0) return;
      try {
        await storage.remove(await unreferenced(db, paths));
      } catch (error) {
        log.warn(
          { err: error, objects: paths.length },
          'media objects not removed; the media sweep removes them later',
        );
      }
    },
  };
}
