import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { acquireTimeout } from './errors.js';

/** A request waits at most this long for the one connection, then fails (503), never hangs. */
export const PGLITE_ACQUIRE_TIMEOUT_MS = 10_000;

/**
 * Presents one embedded PGlite instance as the pool Kysely's PostgresDialect
 * expects, so both back ends share one dialect and one SQL. PGlite is a single
 * connection: a client is lent to one caller at a time, which keeps a
 * transaction's statements from interleaving with anyone else's.
 */
export function pglitePool(
  pglite: PGlite,
  acquireTimeoutMs = PGLITE_ACQUIRE_TIMEOUT_MS,
): PostgresPool & { stats(): { inUse: number; waiting: number } } {
  let queue: Promise<void> = Promise.resolve();
  // Callers lent the connection or waiting for it (at most one is lent).
  let asking = 0;

  return {
    stats: () => ({ inUse: Math.min(asking, 1), waiting: Math.max(asking - 1, 0) }),

    async connect(): Promise<PostgresPoolClient> {
      let freed!: () => void;
      const turn = new Promise<void>((resolve) => {
        freed = resolve;
      });
      asking++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        asking--;
        freed();
      };
      const previous = queue;
      queue = queue.then(() => turn);
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        previous.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), acquireTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (gaveUp) {
        // Our place in the line passes on to the next caller when it comes; we wait no more.
        released = true;
        asking--;
        void previous.then(freed);
        throw acquireTimeout(acquireTimeoutMs);
      }
      return {
        async query(sql: string, parameters: readonly unknown[]) {
          const result = await pglite.query(sql, parameters as unknown[]);
          return {
            command: (result as { command?: string }).command ?? 'SELECT',
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          } as never;
        },
        release,
      } as unknown as PostgresPoolClient;
    },
    async end() {
      await pglite.close();
    },
  };
}
