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

/** The pg pool (its counts are the pool's stats) and what lends its connections. */
function postgresPool(url: string, options: DatabaseOptions): { pg: pg.Pool; lends: PostgresPool } {
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
  const lends = notLendingStalled(pool);
  if (options.preparedStatements !== false) pool.on('connect', nameReusedStatements);
  // An idle client's error is also re-emitted on the pool.
  pool.on('error', () => {});
  return { pg: pool, lends };
}

/** Closes a client's socket at once: on a stalled link a goodbye would never be answered. */
function cut(client: pg.PoolClient): void {
  (
    client as unknown as { connection: { stream: { destroy(): void } } }
  ).connection.stream.destroy();
}

/**
 * The pool as lent to queries, never lending a connection a stalled link holds.
 *
 * pg's query_timeout fails the query but keeps the connection, still waiting for
 * that answer: on a partition that never heals, the pooled client would fail every
 * later query after the same wait. So a connection whose answer timed out is cut.
 *
 * And such a timeout says more than that: the server did not answer for 2 s past
 * its own statement_timeout, so the link to it stalled, and the connections idle
 * in the pool meanwhile were opened over that same link. Lent as they are, each
 * would hold the request it is given for the whole query_timeout, and then fail it,
 * long after new connections work again (a failover to another address, a
 * partition that heals only for new connections). So a connection given back
 * before a timeout and idle since is not lent again: it is closed when its turn
 * comes, and the next one is taken, or a new one opened. Nor is the connection cut,
 * which its query hands back to the pool before its socket has finished closing.
 */
function notLendingStalled(pool: pg.Pool): PostgresPool {
  // Read timeouts so far, and how many there had been when each client was last given back.
  let readTimeouts = 0;
  const givenBackAt = new WeakMap<pg.PoolClient, number>();
  const timedOut = new WeakSet<pg.PoolClient>();
  pool.on('release', (_error, client) => givenBackAt.set(client, readTimeouts));
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            readTimeouts++;
            timedOut.add(client);
            cut(client);
          }
        });
      }
      return result;
    };
  });
  const stalled = (client: pg.PoolClient) =>
    timedOut.has(client) || (givenBackAt.get(client) ?? readTimeouts) < readTimeouts;
  return {
    async connect() {
      for (;;) {
        const client = await pool.connect();
        if (!stalled(client)) return client;
        cut(client);
        // Given back with an error: the pool drops it and counts it no more.
        client.release(true);
      }
    },
    end: () => pool.end(),
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
    const { pg: pgPool, lends } = postgresPool(options.databaseUrl, options);
    pool = lends;
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
            pool: postgresPool(directUrl, { ...options, maxConnections: 1 }).lends,
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
