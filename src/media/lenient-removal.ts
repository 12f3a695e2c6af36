import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from './storage.js';

/**
 * The store as the writers get it: removing objects happens after a change
 * committed or a request was refused, so a store that does not answer then must
 * not turn that answer into an error. What is left is referenced by no row; the
 * media sweep (which uses the store itself, and retries) removes it later.
 */
export function withLenientRemoval(
  storage: MediaStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
): MediaStorage {
  return {
    ...storage,
    async remove(paths) {
      try {
        await storage.remove(paths);
      } catch (error) {
        log.warn(
          { err: error, objects: paths.length },
          'media objects not removed; the media sweep removes them later',
        );
      }
    },
  };
}
