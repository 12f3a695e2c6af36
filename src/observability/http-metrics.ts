import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Request duration by route template (`/api/items/:id`, never the id itself, so
 * the number of series stays fixed) and status class, and requests in flight.
 * Installed before any route, so every route is counted.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics['http']): void {
  app.addHook('onRequest', (_request, reply, done) => {
    metrics.active.inc();
    // Once per request, whether it was answered or the client went away.
    reply.raw.once('close', () => metrics.active.dec());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.duration.observe(
      {
        http_request_method: request.method,
        http_route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
