import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The longest a shutdown waits for requests in flight and workers before the process exits. */
export const SHUTDOWN_BOUND_MS = 10_000;
/**
 * After SIGTERM, requests still arriving on kept-alive connections are served this
 * long (each answer closing its connection) before idle connections are closed.
 */
export const DRAIN_GRACE_MS = 1_000;

/**
 * A shutdown that resets no client. Node's http.Server.close() destroys idle
 * kept-alive connections at once, so a request a client sends a moment later
 * meets a reset (ECONNRESET) instead of an answer. Instead: stop accepting new
 * connections, keep answering on the open ones for a short grace, each answer
 * with `Connection: close` so the client opens its next request elsewhere, then
 * close the app (in-flight requests finish, workers stop, the database closes).
 * Must be called before the app listens, so it sees every request.
 */
export function gracefulShutdown(
  app: Pick<FastifyInstance, 'server' | 'close'>,
  options: { graceMs?: number } = {},
): () => Promise<void> {
  const graceMs = options.graceMs ?? DRAIN_GRACE_MS;
  let draining: Promise<void> | null = null;
  app.server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
  });
  return () => {
    draining ??= (async () => {
      // net's close, not http's: no new connections, open ones left as they are.
      if (app.server.listening) net.Server.prototype.close.call(app.server);
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      await app.close();
    })();
    return draining;
  };
}
