// Issue 14 item 15: does the reset request's answer time tell whether an address has an
// account? Prints the median answer time of 30 requests for known addresses and of 30 for
// unknown ones, on PostgreSQL (BENCH_DATABASE_URL's server, a fresh database dropped after).
//
//   npm run bench:reset-timing
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { dropPostgres, SERVER_URL } from './databases.js';

const SAMPLES = 30;
const WARM_UP = 5;

async function freshDatabase(): Promise<string> {
  const name = `shop_bench_reset_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.href;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? sorted[Math.floor(middle)]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const databaseUrl = await freshDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-reset-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    { redis: null },
  );
  try {
    // Real accounts, registered through the API as a person would.
    const total = SAMPLES + WARM_UP;
    for (let i = 0; i < total; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/customers/register',
        remoteAddress: `10.1.${Math.floor(i / 200)}.${i % 200}`,
        payload: {
          email: `known-${i}@example.com`,
          password: 'a long enough password 1',
          first_name: 'Known',
          last_name: 'Customer',
        },
      });
      if (res.statusCode !== 201)
        throw new Error(`register answered ${res.statusCode}: ${res.body}`);
    }
    await app.jobs.drain();

    const timings = { known: [] as number[], unknown: [] as number[] };
    // Alternated, each from its own caller address, so neither path meets a rate limit
    // and neither gains from running later (warmer caches).
    for (let i = 0; i < total; i++) {
      for (const kind of i % 2
        ? (['known', 'unknown'] as const)
        : (['unknown', 'known'] as const)) {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/customers/password-reset/request',
          remoteAddress: `10.2.${kind === 'known' ? 1 : 2}.${i}`,
          payload: { email: `${kind}-${i}@example.com` },
        });
        const elapsed = performance.now() - started;
        if (res.statusCode !== 200)
          throw new Error(`reset answered ${res.statusCode}: ${res.body}`);
        if (i >= WARM_UP) timings[kind].push(elapsed);
      }
    }
    // The mint and the mail run after the answer, as jobs.
    await app.jobs.drain();

    console.log(`password-reset request, PostgreSQL, medians of ${SAMPLES} (inject, warm)`);
    console.log(`  known address:   ${median(timings.known).toFixed(2)} ms`);
    console.log(`  unknown address: ${median(timings.unknown).toFixed(2)} ms`);
  } finally {
    await app.close();
    await dropPostgres(databaseUrl);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
