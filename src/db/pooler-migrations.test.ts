import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { migrateToLatest } from './migrate.js';

// Run by `npm run test:pgbouncer`: TEST_DATABASE_URL through a transaction-mode
// pooler, TEST_DATABASE_LISTEN_URL direct.
const throughPooler = Boolean(
  process.env.TEST_DATABASE_URL && process.env.TEST_DATABASE_LISTEN_URL,
);

describe.runIf(throughPooler)('migrations when DATABASE_URL is a transaction-mode pooler', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const advisoryLocks = async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
      database.handle.db,
    );
    return rows[0]!.n;
  };

  it('run on the direct connection and leave no advisory lock behind, with pooled traffic alongside', async () => {
    const pooled = Array.from({ length: 20 }, () =>
      sql`SELECT pg_sleep(0.01)`.execute(database.handle.db),
    );
    await Promise.all([migrateToLatest(database.handle.migrationDb), ...pooled]);
    expect(await advisoryLocks()).toBe(0);
    // A second start finds nothing to do, and does not wait on a lock left behind.
    const again = await migrateToLatest(database.handle.migrationDb);
    expect(again.results).toEqual([]);
    expect(await advisoryLocks()).toBe(0);
  });
});
