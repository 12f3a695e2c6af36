import type { ServerOptions } from 'node:http';

/** README, Security: headers and body must arrive within 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Fastify and Node server options that make one bound true for a slow client, whether it
 * trickles its headers or sends a body shorter than its Content-Length.
 *
 * Node checks `requestTimeout` and `headersTimeout` only every `connectionsCheckingInterval`
 * (30 s by default), so a 30 s limit used to cut a connection after up to 60 s; and
 * Fastify's `connectionTimeout` (socket idle) was 60 s. The check now runs at a small
 * fraction of the bound. A socket idle that long is closed too, a little after the bound
 * so that a slow request first receives its 408 rather than a silent close.
 */
export function serverTimeouts(timeoutMs: number = REQUEST_TIMEOUT_MS): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const checkEveryMs = Math.max(50, Math.min(1_000, Math.floor(timeoutMs / 10)));
  return {
    requestTimeout: timeoutMs,
    connectionTimeout: timeoutMs + 3 * checkEveryMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      connectionsCheckingInterval: checkEveryMs,
    },
  };
}
