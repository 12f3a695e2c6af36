import { createRequire } from 'node:module';
import { Redis } from 'ioredis';

/**
 * Rate-limit counters in Redis (shared by every instance), falling back to this
 * instance's memory while Redis errs or does not answer. Limits never vanish:
 * login and reset guessing stay limited per instance during an outage
 * (issue: faults 2), and no request waits more than the command timeout on Redis.
 */

const require = createRequire(import.meta.url);

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Counter) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
/** What the plugin hands `child()`: the route's merged limit options (passed through untouched). */
type RouteOptions = object;
type StoreConstructor = new (...args: unknown[]) => Store;

const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;

/** A command that takes longer fails and the request is counted in memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 300;
/** After a failure, Redis is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 5_000;
const LOCAL_KEYS = 10_000;

/**
 * The Redis client for rate limits: commands time out after a few hundred ms, and
 * nothing queues while disconnected (a queued command would hold its request).
 */
export function rateLimitRedis(url: string): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // The store logs outages, one structured line each way (fallbackStore); until it
  // listens (the app starts for seconds), ioredis would print every failed attempt.
  redis.on('error', () => {});
  return redis;
}

interface StoreLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface RateLimitHealth {
  /** 'shared' (Redis answers), 'local' (no Redis configured) or 'local-fallback' (Redis is away). */
  readonly mode: 'shared' | 'local' | 'local-fallback';
}

/** The store class @fastify/rate-limit instantiates, and the health it reports for /readyz. */
export function fallbackStore(redis: Redis, nameSpace: string, log: StoreLog) {
  let downSince: number | null = null;
  let retryAt = 0;

  function wentDown(error: Error | null): void {
    retryAt = Date.now() + RETRY_AFTER_MS;
    if (downSince !== null) return;
    downSince = Date.now();
    log.warn(
      { redis: { error: error?.message ?? 'connection closed' } },
      'rate-limit store unavailable; counting in this instance until it returns',
    );
  }
  function cameBack(): void {
    if (downSince === null) return;
    log.info(
      { redis: { down_ms: Date.now() - downSince } },
      'rate-limit store back; counting shared',
    );
    downSince = null;
    retryAt = 0;
  }
  // ioredis reports every failed reconnect as an 'error' event; one line per outage is enough.
  redis.on('error', (error: Error) => wentDown(error));
  redis.on('close', () => wentDown(null));
  redis.on('ready', () => {
    retryAt = 0;
  });

  const usable = () => redis.status === 'ready' && Date.now() >= retryAt;

  class ResilientStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      if (!usable()) {
        this.local.incr(key, cb, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (error) {
            wentDown(error);
            this.local.incr(key, cb, timeWindow, max);
            return;
          }
          cameBack();
          // Keep the local counter near the shared one, so a fallback starts where Redis was.
          this.local.incr(key, () => {}, timeWindow, max);
          cb(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new ResilientStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  const health: RateLimitHealth = {
    get mode() {
      return downSince === null && redis.status === 'ready' ? 'shared' : 'local-fallback';
    },
  };

  return {
    health,
    /** For @fastify/rate-limit's `store` option: it calls `new Store(globalParams)`. */
    Store: class extends ResilientStore {
      constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
        const continueExceeding = params.continueExceeding ?? false;
        const exponentialBackoff = params.exponentialBackoff ?? false;
        super(
          new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
          new LocalStore(continueExceeding, exponentialBackoff, LOCAL_KEYS),
        );
      }
    },
  };
}
