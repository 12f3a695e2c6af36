import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { reportCommittedWrites } from './committed-writes.js';
import { type DataDirLock, lockDataDirectory } from './data-dir-lock.js';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.js';
import { createPgliteDataDir } from './pglite-create.js';
import { pglitePool } from './pglite-pool.js';
import { PGLITE_EXTENSIONS, pgliteOptions } from './pglite-settings.js';
import { nameReusedStatements } from './prepared-statements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** /readyz says "unavailable" when a trivial query takes longer than this. */
const PING_TIMEOUT_MS = 2_000;

export interface DatabaseOptions {
  /** PostgreSQL connection string; null selects embedded PGlite. */
  databaseUrl: string | null;
  /**
   * The LISTEN connection's own string (direct or a session-mode pooler), for when
   * `databaseUrl` is a transaction-mode pooler, which cannot hold a LISTEN. Default: `databaseUrl`.
   */
  databaseListenUrl?: string | null;
  /** PGlite's folder, or null for an in-memory database (tests). */
  pgliteDir: string | null;
  /** An in-memory database starts from this `dumpDataDir()` archive instead of a new cluster. */
  pgliteSnapshot?: Blob;
  log: Pick<Logger, 'error' | 'warn'>;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Named prepared statements for the statements marked by `reusePlan` (PostgreSQL).
   * Default true; false behind a transaction-mode pooler older than PgBouncer 1.21.
   */
  preparedStatements?: boolean;
  /** The notification connection's `application_name` (PostgreSQL); several instances may differ. */
  notificationsName?: string;
  /**
   * How long the LISTEN feed counts as live after its last echo (PostgreSQL; default
   * FEED_FRESH_MS). Only tests set it: those not about that bound, whose from-memory
   * answers must not lapse because a loaded machine heard an echo late.
   */
  feedFreshMs?: number;
}

export interface PoolStats {
  inUse: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  /**
   * For migrations: Kysely's migrator holds a session-level advisory lock across
   * statements, which a transaction-mode pooler would leave on a server
   * connection no one owns. On PostgreSQL with DATABASE_LISTEN_URL this is one
   * direct connection there (opened on first use); otherwise it is `db`.
   */
  migrationDb: Db;
  kind: 'postgres' | 'pglite';
  /** Changes announced by the database's triggers (LISTEN), for state kept in memory. */
  notifications: Notifications;
  /** True when the database answers a trivial query (readiness). */
  ping(): Promise<boolean>;
  /** Connections lent out and callers waiting for one, now (for /metrics). */
  poolStats(): PoolStats;
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

/**
 * Bounds on every wait for PostgreSQL, so a database that stops answering (a
 * network partition, a stalled server) fails requests in seconds with 503
 * instead of hanging them: connecting or waiting for a pooled client, one
 * statement on the server, and one query's answer on this side.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  idleTimeoutMillis: 30_000,
} as const;

function postgresPool(url: string, options: DatabaseOptions): PostgresPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...POSTGRES_TIMEOUTS,
    // Half-open connections (a dropped NAT entry) are found by TCP keep-alive.
    keepAlive: true,
    types: pgTypes,
  });
  // A client that loses its connection emits 'error' on itself, idle or checked
  // out; without a listener that crashes the process (an admin kill, a failover,
  // a pooler's idle timeout). The query in flight fails on its own (503) and the
  // pool drops the broken client; the next query connects afresh.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      options.log.warn(
        { err: { message: error.message, code: (error as { code?: string }).code } },
        'database connection lost',
      );
    });
  });
  pool.on('connect', cutOnReadTimeout);
  if (options.preparedStatements !== false) pool.on('connect', nameReusedStatements);
  // An idle client's error is also re-emitted on the pool.
  pool.on('error', () => {});
  return pool;
}

/**
 * pg's query_timeout fails the query but keeps the connection, still waiting for
 * that answer: on a partition that never heals, the pooled client would fail every
 * later query after the same wait. Cutting the connection makes the pool drop it
 * and the next query connect afresh.
 */
function cutOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (
            client as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy();
        }
      });
    }
    return result;
  };
}

async function pglite(
  dir: string | null,
  snapshot: Blob | undefined,
): Promise<{ embedded: PGlite; lock: DataDirLock | null }> {
  if (dir === null) {
    // Starting from a snapshot of an initialised cluster skips initdb (seconds of CPU).
    const embedded = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...pgliteOptions(),
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    return { embedded, lock: null };
  }
  await fs.mkdir(path.dirname(dir), { recursive: true });
  // PGlite is single-process: refuse at once rather than corrupt the folder (issue: data directory).
  const lock = await lockDataDirectory(dir);
  try {
    // Made by another process, so this one never holds what creating it cost.
    await createPgliteDataDir(dir);
    return {
      embedded: await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, ...pgliteOptions() }),
      lock,
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let pool: PostgresPool;
  let notifications: Notifications;
  let lock: DataDirLock | null = null;
  let poolStats: () => PoolStats;
  if (options.databaseUrl) {
    const pgPool = postgresPool(options.databaseUrl, options) as pg.Pool;
    pool = pgPool;
    poolStats = () => ({
      inUse: pgPool.totalCount - pgPool.idleCount,
      waiting: pgPool.waitingCount,
    });
    notifications = postgresNotifications(
      options.databaseListenUrl ?? options.databaseUrl,
      options.log,
      options.notificationsName,
      options.feedFreshMs,
    );
  } else {
    const opened = await pglite(options.pgliteDir, options.pgliteSnapshot);
    const embedded = opened.embedded;
    lock = opened.lock;
    const embeddedPool = pglitePool(embedded);
    pool = embeddedPool;
    poolStats = embeddedPool.stats;
    notifications = pgliteNotifications(embedded, pool);
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: reportCommittedWrites(pool, (commit) => notifications.committedHere(commit)),
    }),
  });
  const directUrl = options.databaseListenUrl;
  const migrationDb =
    options.databaseUrl && directUrl && directUrl !== options.databaseUrl
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: postgresPool(directUrl, { ...options, maxConnections: 1 }),
          }),
        })
      : db;
  return {
    db,
    migrationDb,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    notifications,
    poolStats,
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      try {
        // Readiness answers within PING_TIMEOUT_MS even when the pool is stuck.
        return await Promise.race([
          db
            .selectNoFrom((eb) => eb.lit(1).as('one'))
            .execute()
            .then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await notifications.close();
      if (migrationDb !== db) await migrationDb.destroy();
      await db.destroy();
      await lock?.release();
    },
  };
}
