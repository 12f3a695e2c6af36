import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Presents one embedded PGlite instance as the pool Kysely's PostgresDialect
 * expects, so both back ends share one dialect and one SQL. PGlite is a single
 * connection: a client is lent to one caller at a time, which keeps a
 * transaction's statements from interleaving with anyone else's.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = queue;
      queue = queue.then(() => turn);
      await previous;
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
