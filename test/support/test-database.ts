import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';

const quietLog = { error: () => {}, warn: () => {} };

/** The empty cluster `pglite-snapshot.ts` made once for the whole run (absent outside it). */
async function emptyClusterSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([await fs.readFile(file)]) : undefined;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      log: quietLog,
      pgliteSnapshot: await emptyClusterSnapshot(),
    });
    return { handle, drop: () => handle.close() };
  }

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.href,
    pgliteDir: null,
    log: quietLog,
    maxConnections: 30,
  });

  return {
    handle,
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
