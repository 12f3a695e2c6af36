// One load run with autocannon: closed loop at 32 connections (req/s), or a fixed
// offered rate (latency without coordinated omission). No pipelining; bounded in time.
import autocannon from 'autocannon';
import type { Case } from './corpus.js';

export const CONNECTIONS = 32;

export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers that were neither 2xx nor (for If-None-Match cases) 304. */
  bad: number;
}

export async function load(
  base: string,
  item: Case,
  seconds: number,
  overallRate?: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: item.requests,
    ...(overallRate ? { overallRate: Math.max(1, Math.round(overallRate)) } : {}),
  });
  const expected304 = item.name.endsWith('304');
  const total = result.requests.total;
  const ok = expected304 ? (result['3xx'] ?? 0) + result['2xx'] : result['2xx'];
  return {
    rps: total / result.duration,
    requests: total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    bad: Math.max(0, total - ok),
  };
}
