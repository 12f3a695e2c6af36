import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { callerAddressKey } from './caller-address.js';
import { tooManyRequests } from './errors.js';

export interface RateLimitStoreOptions {
  /** Shared store for several instances; null keeps counters in this process. */
  redis: Redis | null;
  /** Prefix of every key in Redis, so instances of one shop share and others don't. */
  nameSpace: string;
}

/** Registers the limiter without a global limit; routes opt in with a preset below. */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitStoreOptions,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: options.nameSpace } : {}),
    // Redis trouble must not take the shop down with it: let the request through.
    skipOnError: true,
    keyGenerator: byCallerAddress,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('Too many requests. Please wait a moment and try again.', context.ttl / 1000),
  });
}

export function byCallerAddress(request: FastifyRequest): string {
  return callerAddressKey(request.ip);
}

/** A limit: how many calls per window, keyed how, refused with which message. */
export function limit(
  max: number,
  windowMs: number,
  options: { key?: (request: FastifyRequest) => string | Promise<string>; message?: string } = {},
): RateLimitOptions {
  const message = options.message ?? 'Too many requests. Please wait a moment and try again.';
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: options.key ?? byCallerAddress,
    errorResponseBuilder: (_request, context) => tooManyRequests(message, context.ttl / 1000),
  };
}

const MINUTE = 60_000;

/** Named presets, one per limited operation (spec 8). */
export const rateLimits = {
  clientErrors: limit(60, MINUTE),
  /** Slows password guessing against admin accounts. */
  adminLogin: limit(10, 15 * MINUTE),
} as const;
