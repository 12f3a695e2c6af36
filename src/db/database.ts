import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { pglitePool } from './pglite-pool.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; null selects embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite's folder, or null for an in-memory database (tests). */
  pgliteDir: string | null;
  log: Pick<Logger, 'error'>;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
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
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  const pool = options.databaseUrl
    ? postgresPool(options.databaseUrl, options)
    : pglitePool(await pglite(options.pgliteDir));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind,
    async ping() {
      try {
        await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
