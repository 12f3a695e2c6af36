import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';

const quietLog = { error: () => {}, warn: () => {} };

/**
 * The LISTEN feed's freshness bound for tests that are not about it: under a loaded
 * CI machine an echo heard 1 s late made from-memory tests read the database. The
 * bound itself is tested with its real value (stalled-feed.test.ts, notifications.test.ts).
 */
export const NOT_ABOUT_FRESHNESS_MS = 60_000;

/** The empty cluster `pglite-snapshot.ts` made once for the whole run (absent outside it). */
async function emptyClusterSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([await fs.readFile(file)]) : undefined;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL database's URL (through the pooler when there is one); null on PGlite. */
  databaseUrl: string | null;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/** The same server URL naming another database. */
function onDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards.
 * With TEST_DATABASE_LISTEN_URL (the server direct, when TEST_DATABASE_URL is a
 * transaction-mode pooler) the LISTEN connection and CREATE/DROP DATABASE go there.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pooledUrl = process.env.TEST_DATABASE_URL;
  if (!pooledUrl) {
    const handle = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      log: quietLog,
      pgliteSnapshot: await emptyClusterSnapshot(),
    });
    return { handle, databaseUrl: null, drop: () => handle.close() };
  }

  const serverUrl = process.env.TEST_DATABASE_LISTEN_URL || pooledUrl;
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    databaseUrl: onDatabase(pooledUrl, name),
    databaseListenUrl: onDatabase(serverUrl, name),
    pgliteDir: null,
    log: quietLog,
    maxConnections: 30,
    feedFreshMs: NOT_ABOUT_FRESHNESS_MS,
    // CI's PgBouncer (Debian's 1.18) cannot follow named statements across server connections.
    preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'off',
  });

  return {
    handle,
    databaseUrl: onDatabase(pooledUrl, name),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
