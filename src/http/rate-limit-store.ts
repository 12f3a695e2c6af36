import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import {
  type Callback,
  ResilientStore,
  type RouteOptions,
  type SharedLink,
  type SharedStore,
  type Store,
} from './resilient-store.js';

/**
 * Rate-limit counters in Redis (shared by every instance), falling back to this
 * instance's memory while Redis errs or does not answer. Limits never vanish:
 * login and reset guessing stay limited per instance during an outage
 * (issue: faults 2), and no request waits more than the command timeout on Redis.
 * What was counted in memory is carried into Redis when it returns (resilient-store.ts),
 * so an outage does not refill an allowance (issue 31 item 4).
 */

const require = createRequire(import.meta.url);

type StoreConstructor = new (...args: unknown[]) => Store & { key: string };

const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;

/** A command that takes longer fails and the request is counted in memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 300;
/** After a failure, Redis is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 5_000;
const LOCAL_KEYS = 10_000;

// Adds counts made in an instance's memory to the shared key; a new key gets the
// window those counts began (PEXPIRE), an existing key keeps its own.
const CARRY_LUA = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[1])
  if current == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return current
`;

type CarryingRedis = Redis & {
  rateLimitCarry?: (key: string, count: number, ttlMs: number) => Promise<unknown>;
};

/** @fastify/rate-limit's Redis store, able to carry counts into a key (SharedStore). */
class RedisSharedStore implements SharedStore {
  constructor(
    private readonly store: Store & { key: string },
    private readonly redis: CarryingRedis,
  ) {
    if (!redis.rateLimitCarry)
      redis.defineCommand('rateLimitCarry', { numberOfKeys: 1, lua: CARRY_LUA });
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.store.incr(key, cb, timeWindow, max);
  }

  carry(key: string, count: number, ttlMs: number, cb: (error: Error | null) => void): void {
    this.redis.rateLimitCarry!(this.store.key + key, count, Math.max(1, Math.ceil(ttlMs))).then(
      () => cb(null),
      (error: Error) => cb(error),
    );
  }

  child(routeOptions: RouteOptions): SharedStore {
    return new RedisSharedStore(
      this.store.child(routeOptions) as Store & { key: string },
      this.redis,
    );
  }
}

/**
 * The Redis client for rate limits: commands time out after a few hundred ms, and
 * nothing queues while disconnected (a queued command would hold its request).
 * ioredis is loaded only here, when REDIS_URL is set: a shop without Redis does not
 * carry the client's ~20 MB (docs/performance.md, small hosts).
 */
export async function rateLimitRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
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
  const returnListeners: Array<() => void> = [];
  const returned = () => {
    for (const listener of returnListeners) listener();
  };

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
    returned();
  }
  // ioredis reports every failed reconnect as an 'error' event; one line per outage is enough.
  redis.on('error', (error: Error) => wentDown(error));
  redis.on('close', () => wentDown(null));
  redis.on('ready', () => {
    retryAt = 0;
    // Reconnected: counts owed from the outage go now (each store carries its own).
    if (downSince !== null) returned();
  });

  const link: SharedLink = {
    usable: () => redis.status === 'ready' && Date.now() >= retryAt,
    wentDown,
    cameBack,
    onReturn: (listener) => void returnListeners.push(listener),
  };

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
          new RedisSharedStore(
            new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
            redis,
          ),
          new LocalStore(continueExceeding, exponentialBackoff, LOCAL_KEYS),
          link,
        );
      }
    },
  };
}
