import { createHash, timingSafeEqual } from 'node:crypto';
import type { App } from '../context.js';
import { notFound } from '../http/errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (contract, third round): Prometheus text, only for a request
 * bearing METRICS_TOKEN; 404 otherwise, and always when no token is set, so an
 * instance exposes nothing by default. The token is compared in constant time
 * (digests of equal length), so its length and prefix leak nothing either.
 */
export function metricsRoutes(
  app: App,
  token: string | null,
  scrape: (() => Promise<string>) | null,
  contentType: string,
): void {
  const expected = token === null ? null : digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    if (expected === null || scrape === null || typeof given !== 'string') throw notFound();
    if (!timingSafeEqual(digest(given), expected)) throw notFound();
    return reply
      .header('content-type', contentType)
      .header('cache-control', 'no-store')
      .send(await scrape());
  });
}
