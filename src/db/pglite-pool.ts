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
): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
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
        // Our place in the line passes on to the next caller when it comes.
        void previous.then(release);
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
