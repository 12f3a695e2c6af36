import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { reportCommittedWrites } from './committed-writes.js';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.js';
import { pglitePool } from './pglite-pool.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; null selects embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite's folder, or null for an in-memory database (tests). */
  pgliteDir: string | null;
  log: Pick<Logger, 'error' | 'warn'>;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Changes announced by the database's triggers (LISTEN), for state kept in memory. */
  notifications: Notifications;
  /** True when the database answers a trivial query (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// pg hands bigint (count(*), sums) back as strings; PGlite as numbers. Parse both
// the same way so responses are byte-identical across back ends. Our values stay
// far below 2^53.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function postgresPool(url: string, options: DatabaseOptions): PostgresPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A dead server must fail a request, not hang it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
  });
  // An idle client losing its connection emits 'error' on the pool; without a
  // listener that would crash the process. The next query simply reconnects.
  pool.on('error', (error) => {
    options.log.error({ err: error }, 'database connection lost');
  });
  return pool;
}

async function pglite(dir: string | null): Promise<PGlite> {
  if (dir === null) return PGlite.create();
  await fs.mkdir(path.dirname(dir), { recursive: true });
  return PGlite.create(dir);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let pool: PostgresPool;
  let notifications: Notifications;
  if (options.databaseUrl) {
    pool = postgresPool(options.databaseUrl, options);
    notifications = postgresNotifications(options.databaseUrl, options.log);
  } else {
    const embedded = await pglite(options.pgliteDir);
    pool = pglitePool(embedded);
    notifications = pgliteNotifications(embedded, pool);
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: reportCommittedWrites(pool, () => notifications.committedHere()),
    }),
  });
  return {
    db,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    notifications,
    async ping() {
      try {
        await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await notifications.close();
      await db.destroy();
    },
  };
}
