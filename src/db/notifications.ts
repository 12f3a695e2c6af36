import { randomBytes } from 'node:crypto';
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
  /** Memory may answer now: every commit up to a moment ago has been heard. */
  readonly live: boolean;
  /**
   * Nothing has been lost since the last reset: the LISTEN is in place and what
   * is still to come arrives in commit order. A read that completes now may be
   * kept (later notifications keep it right), though memory answers from it only
   * while `live`. It stays true while the feed is merely behind (a stalled link
   * or a process too busy to hear it: not `live`); it turns false, with a reset,
   * only when notifications may have been missed.
   */
  readonly listening: boolean;
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
  connection: {
    isLive(): boolean;
    isListening(): boolean;
    start(): Promise<void>;
    close(): Promise<void>;
  },
): Notifications {
  return {
    get live() {
      return connection.isLive();
    },
    get listening() {
      return connection.isListening();
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
const QUERY_TIMEOUT_MS = 2_000;
/** A probe unanswered this long means the connection can no longer be trusted. */
export const PROBE_OVERDUE_MS = QUERY_TIMEOUT_MS;
/**
 * The longest another instance's commit may go unheard while this one still
 * counts as live (an unpublished item served from memory). A connection that
 * died without a reset (a dropped NAT entry, a half-open TCP link) raises no
 * error, and a stalled one delivers nothing: only hearing our own NOTIFY back
 * proves that the feed is flowing, since PostgreSQL delivers notifications in
 * commit order, so every commit before the echo was sent has been heard.
 */
export const FEED_FRESH_MS = 1_000;
/** How often the feed is verified: well inside FEED_FRESH_MS, so a slow round trip or a late timer does not lapse it. */
export const ECHO_EVERY_MS = 200;

/** How the listening connection shows in `pg_stat_activity` (operators, and tests that cut it). */
export const NOTIFICATIONS_APPLICATION_NAME = 'shop-service notifications';

/** Each connection echoes on a channel of its own, so no other instance wakes for it. */
const echoChannel = () => `shop_echo_${randomBytes(8).toString('hex')}`;

/**
 * One dedicated PostgreSQL connection (not from the pool: a pooled connection
 * is lent to queries and would miss notifications), reconnecting with backoff.
 * It counts as live from its LISTEN on, while an echo sent at most FEED_FRESH_MS
 * ago has come back (see FEED_FRESH_MS); checked when asked, before any timer
 * fires (a busy process may run its timers late). An echo that is late makes
 * it not live until it is back, and resets nothing (`listening` stays true): it
 * proves, once back, that nothing was missed. One that fails drops the
 * connection, and that resets every listener.
 */
export function postgresNotifications(
  connectionString: string,
  log: Pick<Logger, 'error' | 'warn'>,
  applicationName = NOTIFICATIONS_APPLICATION_NAME,
  /** FEED_FRESH_MS but for tests that are not about it (a loaded CI machine hears echoes late). */
  freshMs = FEED_FRESH_MS,
): Notifications {
  const registry = listenerRegistry();
  let client: pg.Client | null = null;
  let live = false;
  // performance.now() when the unanswered probe was sent; null when none is out.
  let probeSentAt: number | null = null;
  // performance.now() when the last echo heard back was sent: every commit before it was heard.
  let heardUpTo = Number.NEGATIVE_INFINITY;
  const overdue = () => probeSentAt !== null && performance.now() - probeSentAt >= PROBE_OVERDUE_MS;
  const fresh = () => performance.now() - heardUpTo < freshMs;
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
      keepAlive: true,
      application_name: applicationName,
    });
    client = current;
    const echo = echoChannel();
    current.on('error', (error) => lost(error));
    current.on('end', () => lost());
    current.on('notification', (message) => {
      if (message.channel !== echo) {
        registry.deliver(message.channel, message.payload ?? '');
        return;
      }
      // The payload is when it was sent; a stale one (an answer already overtaken) moves nothing back.
      heardUpTo = Math.max(heardUpTo, Number(message.payload));
    });
    starting = (async () => {
      try {
        await current.connect();
        const listenSentAt = performance.now();
        // pg honours a query's own query_timeout; its types do not name it.
        await current.query({
          text: `${LISTEN_ALL}; LISTEN ${echo}`,
          query_timeout: QUERY_TIMEOUT_MS,
        } as pg.QueryConfig);
        if (client !== current) return;
        live = true;
        probeSentAt = null;
        // Nothing before the LISTEN is owed to us: memory starts over below.
        heardUpTo = listenSentAt;
        delay = RECONNECT_MIN_MS;
        heartbeat = setInterval(() => {
          // One probe out at a time: a stalled link must not pile them up.
          if (probeSentAt !== null) return;
          const sentAt = performance.now();
          probeSentAt = sentAt;
          // Its own timeout, not the client's query_timeout: a process busy past it
          // runs that timer before reading the answer already waiting on the socket,
          // and would drop (and reset) a connection that was merely not read.
          const timeout = setTimeout(() => {
            // One turn of the event loop reads what has arrived; then judge.
            setImmediate(() => {
              if (client === current && probeSentAt === sentAt)
                lost(new Error(`no echo within ${QUERY_TIMEOUT_MS} ms`));
            });
          }, QUERY_TIMEOUT_MS);
          timeout.unref();
          current.query({ text: 'SELECT pg_notify($1, $2)', values: [echo, String(sentAt)] }).then(
            () => {
              clearTimeout(timeout);
              // However late: the echo came back in commit order, so nothing was missed
              // and nothing is reset; memory answers again (`fresh`).
              if (client === current) probeSentAt = null;
            },
            (error: Error) => {
              clearTimeout(timeout);
              if (client === current) lost(error);
            },
          );
        }, ECHO_EVERY_MS);
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
    isLive: () => live && !overdue() && fresh(),
    isListening: () => live,
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
    isListening: () => live,
    start,
    async close() {
      await starting?.catch(() => {});
      stop();
      live = false;
    },
  });
}
