import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../src/db/database.js';

/** The URL of the test's own PostgreSQL database (TEST_DATABASE_URL names only the server). */
export async function currentDatabaseUrl(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.href;
}

/**
 * Forces a race on real PostgreSQL: holds one row's lock, lets `start` fire its
 * requests, waits until `waiting` statements matching `statement` (a LIKE
 * pattern) queue on that lock, then releases it so they run one after another,
 * each re-checking its guard. Without the barrier a "race" may never overlap.
 */
export async function raceOnRow<T>(
  databaseUrl: string,
  lockQuery: { text: string; values: unknown[] },
  statement: string,
  waiting: number,
  start: () => Promise<T>[],
): Promise<T[]> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await watcher.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(lockQuery.text, lockQuery.values);
    const pending = start();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await watcher.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
        [statement],
      );
      if (rows[0].n >= waiting) break;
      if (Date.now() > deadline)
        throw new Error(`fewer than ${waiting} statements reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('COMMIT');
    return await Promise.all(pending);
  } finally {
    await holder.end();
    await watcher.end();
  }
}
