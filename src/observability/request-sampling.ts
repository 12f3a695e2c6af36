import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which requests are traced when the operator has not named a sampler
 * (OTEL_TRACES_SAMPLER): one in ten (OTEL_TRACES_SAMPLER_ARG, default 0.1), and
 * every request whose caller sent a sampled `traceparent`; none whose caller sent
 * an unsampled one. Jobs are traced every run.
 *
 * Decided as the request arrives, before any span exists: a request left out makes
 * no span at all and enters no trace context. Left to the SDK's own ratio sampler,
 * every request still made an unrecorded span and ran in its context, and a cached
 * list answer cost 1.4 times its CPU whether one request in ten was kept or all of
 * them (docs/operations.md, "Traces").
 */
export interface RequestSampling {
  /** The share of requests without a caller's choice that are traced, 0–1. */
  ratio: number;
}

const DEFAULT_RATIO = 0.1;

/**
 * Sets what the SDK reads as it starts: with no sampler named, requests are sampled
 * here (returned) and what is instrumented is recorded (`parentbased_always_on`).
 * With one named, null: the SDK samples every request by it, as it documents.
 */
export function requestSamplingFrom(env: NodeJS.ProcessEnv): RequestSampling | null {
  if (env.OTEL_TRACES_SAMPLER?.trim()) return null;
  env.OTEL_TRACES_SAMPLER = 'parentbased_always_on';
  const given = Number(env.OTEL_TRACES_SAMPLER_ARG?.trim() || Number.NaN);
  const ratio = Number.isFinite(given) && given >= 0 && given <= 1 ? given : DEFAULT_RATIO;
  return { ratio };
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
 * The door: `arrived` as each request comes in (Node's `http.server.request.start`
 * channel, just before the server's handler runs), `leaveOut` from @fastify/otel's
 * `ignorePaths` in the first request hook, which Fastify runs within that same
 * handler call, before any other request can arrive. A call with no decision
 * waiting (a request injected in a test) draws one.
 */
export function requestDoor(sampling: RequestSampling, random: () => number = Math.random) {
  let waiting: boolean | null = null;
  return {
    arrived(headers: IncomingHttpHeaders): void {
      waiting = callersChoice(headers.traceparent) ?? random() < sampling.ratio;
    },
    leaveOut(): boolean {
      const traced = waiting ?? random() < sampling.ratio;
      waiting = null;
      return !traced;
    },
  };
}
