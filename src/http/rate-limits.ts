import { createHash } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { normaliseEmail } from '../auth/email.js';
import { callerAddressKey } from './caller-address.js';
import { tooManyRequests } from './errors.js';
import { fallbackStore, type RateLimitHealth } from './rate-limit-store.js';

export interface RateLimitStoreOptions {
  /** Shared store for several instances; null keeps counters in this process. */
  redis: Redis | null;
  /** Prefix of every key in Redis, so instances of one shop share and others don't. */
  nameSpace: string;
  log: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

/**
 * Registers the limiter without a global limit; routes opt in with a preset below.
 * With Redis, counters are shared and fall back to this instance's memory while
 * Redis is away (rate-limit-store.ts); the returned health tells /readyz which.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitStoreOptions,
): Promise<RateLimitHealth> {
  const resilient = options.redis
    ? fallbackStore(options.redis, options.nameSpace, options.log)
    : null;
  await app.register(rateLimit, {
    global: false,
    ...(resilient ? { store: resilient.Store } : {}),
    // The store never errs (it falls back to memory); should anything else fail, limits hold.
    skipOnError: false,
    keyGenerator: byCallerAddress,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('Too many requests. Please wait a moment and try again.', context.ttl / 1000),
  });
  return resilient?.health ?? { mode: 'local' };
}

export function byCallerAddress(request: FastifyRequest): string {
  return callerAddressKey(request.ip);
}

/**
 * Caller address plus the body's email, trimmed and lower-cased (spec 8: "caller
 * address plus the email normalised"), so case and space variants share one budget.
 * The address is hashed: Redis keys need not hold customers' addresses.
 * Needs the parsed body, so limits keyed this way run at preHandler.
 */
export function byCallerAndEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? normaliseEmail(body.email) : '';
  const hashed = createHash('sha256').update(email).digest('base64url');
  return `${callerAddressKey(request.ip)}|${hashed}`;
}

/** The signed-in customer's id (spec 8: resend-verification); the caller address when signed out. */
export function byCustomer(request: FastifyRequest): string {
  return request.customer ? `customer:${request.customer.id}` : byCallerAddress(request);
}

/** A limit: how many calls per window, keyed how, refused with which message. */
export function limit(
  max: number,
  windowMs: number,
  options: {
    key?: (request: FastifyRequest) => string | Promise<string>;
    message?: string;
    /** preHandler when the key needs the parsed body or a guard must refuse first. */
    hook?: 'onRequest' | 'preHandler';
  } = {},
): RateLimitOptions {
  const message = options.message ?? 'Too many requests. Please wait a moment and try again.';
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: options.key ?? byCallerAddress,
    errorResponseBuilder: (_request, context) => tooManyRequests(message, context.ttl / 1000),
    ...(options.hook ? { hook: options.hook } : {}),
  };
}

/** Each preset counts its refusals under its own name (shop_rate_limit_refusals_total{limiter}). */
function named<const T extends Record<string, RateLimitOptions>>(presets: T): T {
  for (const [name, preset] of Object.entries(presets)) {
    preset.onExceeded = (request) =>
      request.server.metrics.rateLimitRefusals.inc({ limiter: name });
  }
  return presets;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Named presets, one per limited operation (spec 8). */
export const rateLimits = named({
  clientErrors: limit(60, MINUTE),
  /** Slows password guessing against admin accounts. */
  adminLogin: limit(10, 15 * MINUTE),
  /** Slows password guessing against one customer address from one caller. */
  customerLogin: limit(10, 15 * MINUTE, { key: byCallerAndEmail, hook: 'preHandler' }),
  /** Slows mass account creation (and the verification mail it sends) from one caller. */
  customerRegister: limit(10, HOUR),
  /** Spec 8: 3 per hour per customer; runs after the sign-in check, so a signed-out call is 401. */
  resendVerification: limit(3, HOUR, {
    key: byCustomer,
    hook: 'preHandler',
    message:
      'Too many verification emails requested. The email was probably sent already: check your spam folder, or try again in an hour.',
  }),
  /** Spec 8: 5 per 15 minutes per caller address plus normalised email. */
  passwordResetRequest: limit(5, 15 * MINUTE, { key: byCallerAndEmail, hook: 'preHandler' }),
  /** Spec 8: 120 per caller, its own allowance; checked before the link is looked up. */
  intakeRead: limit(120, HOUR),
  /** Spec 8: 30 per caller (a submission carries no email); checked before anything is read. */
  intakeSubmit: limit(30, HOUR),
  /** Slows one account sweeping the shop into its cart; counted after the sign-in check. */
  cartAdd: limit(30, 10 * MINUTE, { key: byCustomer, hook: 'preHandler' }),
  /** "Ask about this piece": a customer's mail to the shop; counted after the sign-in check. */
  itemQuestion: limit(10, HOUR, {
    key: byCustomer,
    hook: 'preHandler',
    message:
      'You have sent the shop many questions in the last hour. Please wait for an answer, or try again later.',
  }),
  /** Slows repeated payment attempts (card testing) from one account. */
  checkout: limit(10, 15 * MINUTE, { key: byCustomer, hook: 'preHandler' }),
  /** The cart asks again as the buyer types an address: generous, but bounded per account. */
  quote: limit(120, 10 * MINUTE, { key: byCustomer, hook: 'preHandler' }),
});
