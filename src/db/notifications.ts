import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The channels the database announces changes on (migration 0013's triggers):
 * how one instance learns, within milliseconds, that another has written.
 */
export const CHANNELS = {
  /** Payload: `<epoch>:<version>`, numbered at the commit of any catalogue write (0014). */
  catalogue: 'catalogue_version',
  /**
   * Payload: `<epoch>:<version>:<dimensions>:<item ids>`, what that commit changed
   * (0024); sent just before the `catalogue` announcement of the same commit.
   */
  catalogueChanges: 'catalogue_changes',
  /** No payload: a customer row changed or a customer session ended. */
  customerSessions: 'customer_sessions',
  /** No payload: a job was enqueued (migration 0016); workers claim at once instead of at the next poll. */
  jobs: 'jobs_queued',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * What a commit of this process said of itself. `catalogue`: the version its
 * catalogue write was numbered, `<epoch>:<version>` as announced on `catalogue`;
 * the database tells the committing session in a NOTICE (migration 0025).
 */
export interface OwnCommit {
  catalogue?: string;
}

/** How that NOTICE begins; the rest is `<epoch>:<version>`. */
export const CATALOGUE_COMMIT_NOTICE = `${CHANNELS.catalogue} `;

export interface ChannelListener {
  message(payload: string): void;
  /**
   * Anything kept in memory may be stale and must be re-read from the database:
   * delivery stopped or started again (notifications may have been missed), or
   * this process just committed a write (its notification is still on its way).
   */
  reset(): void;
  /**
   * This process just committed a write; its notification is still on its way.
   * What was heard stays true, so a listener may keep it and only read again;
   * without this method, `reset` is called.
   */
  committedHere?(commit: OwnCommit): void;
}

/**
 * LISTEN on the database. State kept in memory because of notifications may be
 * trusted only while `live`: between a dropped connection and the LISTEN that
 * follows reconnecting, another instance's write would go unheard.
 */
export interface Notifications {
  readonly live: boolean;
  /** Connects and listens; settles (never rejects) once the first attempt has. */
  start(): Promise<void>;
  subscribe(channel: Channel, listener: ChannelListener): () => void;
  /**
   * This process committed a write (with what the commit told of itself): every
   * listener reads again, or waits for what it was told, so its next read sees the write.
   */
  committedHere(commit?: OwnCommit): void;
  close(): Promise<void>;
}

/** Listeners by channel; shared by both back ends. */
export function listenerRegistry() {
  const listeners = new Map<string, Set<ChannelListener>>();
  return {
    add(channel: Channel, listener: ChannelListener): () => void {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    deliver(channel: string, payload: string): void {
      for (const listener of listeners.get(channel) ?? []) listener.message(payload);
    },
    resetAll(): void {
      for (const set of listeners.values()) for (const listener of set) listener.reset();
    },
    committedHere(commit: OwnCommit = {}): void {
      for (const set of listeners.values()) {
        for (const listener of set) {
          if (listener.committedHere) listener.committedHere(commit);
          else listener.reset();
        }
      }
    },
  };
}

/** The interface over one back end's connection: whether it is live, how it starts and stops. */
function notificationsOver(
  registry: ReturnType<typeof listenerRegistry>,
  connection: { isLive(): boolean; start(): Promise<void>; close(): Promise<void> },
): Notifications {
  return {
    get live() {
      return connection.isLive();
    },
    start: connection.start,
    subscribe(channel, listener) {
      void connection.start();
      return registry.add(channel, listener);
    },
    committedHere: registry.committedHere,
    close: connection.close,
  };
}

const LISTEN_ALL = Object.values(CHANNELS)
  .map((channel) => `LISTEN ${channel}`)
  .join('; ');

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
// A connection that died without a reset (a dropped NAT entry, a half-open TCP
// link) raises no error; a probe that fails or takes this long counts as lost.
const HEARTBEAT_MS = 5_000;
const QUERY_TIMEOUT_MS = 2_000;
/** A probe unanswered this long means the connection can no longer be trusted. */
export const PROBE_OVERDUE_MS = QUERY_TIMEOUT_MS;

/** How the listening connection shows in `pg_stat_activity` (operators, and tests that cut it). */
export const NOTIFICATIONS_APPLICATION_NAME = 'shop-service notifications';

/**
 * One dedicated PostgreSQL connection (not from the pool: a pooled connection
 * is lent to queries and would miss notifications), reconnecting with backoff.
 * It counts as live from its LISTEN on, until it drops or a probe is overdue:
 * an overdue probe makes it not live at once, before any timer fires (a busy
 * process may run its timers late).
 */
export function postgresNotifications(
  connectionString: string,
  log: Pick<Logger, 'error' | 'warn'>,
  applicationName = NOTIFICATIONS_APPLICATION_NAME,
): Notifications {
  const registry = listenerRegistry();
  let client: pg.Client | null = null;
  let live = false;
  // performance.now() when the unanswered probe was sent; null when none is out.
  let probeSentAt: number | null = null;
  const overdue = () => probeSentAt !== null && performance.now() - probeSentAt >= PROBE_OVERDUE_MS;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  /** Stops listening on the current client, if any, and ends it. */
  function abandon(): Promise<void> {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    const current = client;
    client = null;
    if (!current) return Promise.resolve();
    current.removeAllListeners();
    current.on('error', () => {}); // a late error on the abandoned client must not crash the process
    return current.end().catch(() => {});
  }

  function lost(error?: Error): void {
    if (client === null) return;
    void abandon();
    if (live) registry.resetAll();
    live = false;
    if (closed) return;
    log.warn({ err: error }, 'database notifications lost; reading shared state per request');
    retry = setTimeout(() => {
      retry = null;
      start();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  function start(): Promise<void> {
    if (closed || client !== null) return starting ?? Promise.resolve();
    const current = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      application_name: applicationName,
    });
    client = current;
    current.on('error', (error) => lost(error));
    current.on('end', () => lost());
    current.on('notification', (message) => {
      registry.deliver(message.channel, message.payload ?? '');
    });
    starting = (async () => {
      try {
        await current.connect();
        await current.query(LISTEN_ALL);
        if (client !== current) return;
        live = true;
        probeSentAt = null;
        delay = RECONNECT_MIN_MS;
        heartbeat = setInterval(() => {
          if (probeSentAt === null) probeSentAt = performance.now();
          current.query('SELECT 1').then(
            () => {
              if (client !== current) return;
              // Not trusted for a while: what memory kept meanwhile starts over.
              if (overdue()) registry.resetAll();
              probeSentAt = null;
            },
            (error: Error) => {
              if (client === current) lost(error);
            },
          );
        }, HEARTBEAT_MS);
        heartbeat.unref();
        // Whatever was cached while nobody listened may be stale.
        registry.resetAll();
      } catch (error) {
        if (client === current) lost(error as Error);
      } finally {
        starting = null;
      }
    })();
    return starting;
  }

  return notificationsOver(registry, {
    isLive: () => live && !overdue(),
    start,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await starting;
      live = false;
      await abandon();
    },
  });
}

/**
 * PGlite is one connection in this process: its notifications arrive as the
 * COMMIT that caused them returns, and never drop. LISTEN goes through the pool
 * so it cannot land inside another caller's transaction.
 */
export function pgliteNotifications(pglite: PGlite, pool: PostgresPool): Notifications {
  const registry = listenerRegistry();
  let live = false;
  let starting: Promise<void> | null = null;
  const stop = pglite.onNotification((channel, payload) => registry.deliver(channel, payload));

  function start(): Promise<void> {
    starting ??= (async () => {
      const connection = await pool.connect();
      try {
        // One statement at a time: PGlite's query() is a single prepared statement.
        for (const channel of Object.values(CHANNELS))
          await connection.query(`LISTEN ${channel}`, []);
        live = true;
      } finally {
        connection.release();
      }
    })().catch(() => {
      starting = null; // not live; the next subscribe tries again, and readers fall back to the database
    });
    return starting;
  }

  return notificationsOver(registry, {
    isLive: () => live,
    start,
    async close() {
      await starting?.catch(() => {});
      stop();
      live = false;
    },
  });
}
