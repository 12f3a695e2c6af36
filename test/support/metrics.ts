import type { App } from '../../src/context.js';

export const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** GET /metrics with the token, as Prometheus scrapes it. */
export function scrapeMetrics(app: App, token = METRICS_TOKEN) {
  return app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * One sample of the Prometheus text: the value of `name` whose labels include
 * every label given; undefined when there is none.
 */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[4]);
    }
  }
  return undefined;
}

/** Scrapes now; `moved(name, labels)` then says how far a sample moved since (absent counts as 0). */
export async function metricsSnapshot(app: App) {
  const before = (await scrapeMetrics(app)).body;
  return {
    text: before,
    async moved(name: string, labels: Record<string, string> = {}) {
      const after = (await scrapeMetrics(app)).body;
      return (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);
    },
  };
}
