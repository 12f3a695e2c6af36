import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which requests are traced when the operator has not named a sampler
 * (OTEL_TRACES_SAMPLER): one in ten (OTEL_TRACES_SAMPLER_ARG, default 0.1), and
 * every request whose caller sent a sampled `traceparent`; none whose caller sent
 * an unsampled one; and of those, at most TRACES_PER_SECOND (default 10) a second.
 * Jobs are traced every run.
 *
 * Decided as the request arrives, before any span exists: a request left out makes
 * no span at all and enters no trace context. Left to the SDK's own ratio sampler,
 * every request still made an unrecorded span and ran in its context, and a cached
 * list answer cost 1.4 times its CPU whether one request in ten was kept or all of
 * them (docs/operations.md, "Traces").
 *
 * Why a cap per second (as Jaeger's rate-limiting sampler has): on Node 20 every
 * request pays for trace context while any traced one runs (context-tracking.ts).
 * One in ten of a busy instance's requests keeps one running all the time; ten a
 * second leave it off nearly always, and a quiet shop still traces one in ten. The
 * cap holds for callers' sampled requests too: a stranger who sends a sampled
 * `traceparent` with every request does not make every request costlier.
 */
export interface RequestSampling {
  /** The share of requests without a caller's choice that are traced, 0–1. */
  ratio: number;
  /** At most this many requests a second are traced, whatever the share and the callers say. */
  perSecond: number;
}

const DEFAULT_RATIO = 0.1;
const DEFAULT_PER_SECOND = 10;

/** A number from the environment within [min, max], else the default. */
function setting(value: string | undefined, min: number, max: number, fallback: number): number {
  const given = Number(value?.trim() || Number.NaN);
  return Number.isFinite(given) && given >= min && given <= max ? given : fallback;
}

/**
 * Sets what the SDK reads as it starts: with no sampler named, requests are sampled
 * here (returned) and what is instrumented is recorded (`parentbased_always_on`).
 * With one named, null: the SDK samples every request by it, as it documents.
 */
export function requestSamplingFrom(env: NodeJS.ProcessEnv): RequestSampling | null {
  if (env.OTEL_TRACES_SAMPLER?.trim()) return null;
  env.OTEL_TRACES_SAMPLER = 'parentbased_always_on';
  return {
    ratio: setting(env.OTEL_TRACES_SAMPLER_ARG, 0, 1, DEFAULT_RATIO),
    perSecond: setting(env.TRACES_PER_SECOND, 0, 1e6, DEFAULT_PER_SECOND),
  };
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-|$)/;

/** A caller's own sampling choice (W3C Trace Context), or null when it sent none that is valid. */
export function callersChoice(traceparent: string | string[] | undefined): boolean | null {
  if (typeof traceparent !== 'string') return null;
  const parts = TRACEPARENT.exec(traceparent.trim());
  if (!parts) return null;
  const [, version, traceId, spanId, flags] = parts;
  if (version === 'ff' || /^0+$/.test(traceId!) || /^0+$/.test(spanId!)) return null;
  return (Number.parseInt(flags!, 16) & 1) === 1;
}

/**
 * Tokens for traced requests: `perSecond` of them a second, at most a second's
 * worth (or one, when fewer than one a second) saved up, so a burst after a quiet
 * spell is bounded too. None at all when `perSecond` is 0.
 */
function tokenBucket(perSecond: number, now: () => number) {
  const capacity = perSecond > 0 ? Math.max(1, perSecond) : 0;
  let tokens = capacity;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(capacity, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * The door: `arrived` as each request comes in (Node's `http.server.request.start`
 * channel, just before the server's handler runs), `leaveOut` from @fastify/otel's
 * `ignorePaths` in the first request hook, which Fastify runs within that same
 * handler call, before any other request can arrive. A request that did not
 * arrive over HTTP (`inject` in a test) is left out: nothing would see it end, and
 * trace context is tracked only while what is traced is known to run
 * (context-tracking.ts). `now` is in milliseconds.
 */
export function requestDoor(
  sampling: RequestSampling,
  random: () => number = Math.random,
  now: () => number = performance.now.bind(performance),
) {
  const bucket = tokenBucket(sampling.perSecond, now);
  const decide = (headers: IncomingHttpHeaders) =>
    (callersChoice(headers.traceparent) ?? random() < sampling.ratio) && bucket.take();
  let waiting: boolean | null = null;
  return {
    /** Decides for the request arriving; true when it is to be traced. */
    arrived(headers: IncomingHttpHeaders): boolean {
      waiting = decide(headers);
      return waiting;
    },
    leaveOut(): boolean {
      const traced = waiting ?? false;
      waiting = null;
      return !traced;
    },
  };
}
