// npm run bench:observability [-- --items 2000 --seconds 5 --rounds 3 --only off,tracing,every --profile]
// What metrics and tracing cost: list hits and checkouts per second on one seeded
// PostgreSQL catalogue, the compiled server (`npm run build` first) started in turn as
//   before   node dist/server.js (no tracing entry at all)
//   off      node --import ./dist/instrument.js dist/server.js, nothing set (npm start)
//   metrics  off + METRICS_TOKEN, scraped every 5 s as Prometheus would
//   tracing  off + OTEL_EXPORTER_OTLP_ENDPOINT, exported to a receiver in this process, as
//            the shop traces by default: one request in ten, and every one a caller
//            started sampled, at most ten a second (src/observability/request-sampling.ts)
//   every    tracing every request (OTEL_TRACES_SAMPLER=parentbased_always_on)
// Configurations in a shuffled order each round; ratios are medians of per-round
// ratios against `off`. Targets: metrics ≥ 0.95, tracing ≥ 0.85. Besides requests per
// second, the server's own CPU time per request (from /proc): on a machine shared with
// other work, throughput swings with the neighbours, CPU per request much less
// (each run's log line also gives the main thread's CPU alone).
// --profile: each server runs with --cpu-prof, and its self time by module and by
// function is printed for the list window and the checkout window of each run.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cryptoRandomBytes } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/database.js';
import { customerSessions } from '../src/modules/accounts/customer-sessions.js';
import { dropPostgres, seedPostgres, settle } from './databases.js';
import { load } from './load.js';
import { procCpu, quiet, SERVER, startTarget, stopTarget } from './processes.js';
import { summariseProfile } from './profile.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'boolean' },
  },
});
const ITEMS = Number(values.items ?? 2_000);
const SECONDS = Number(values.seconds ?? 5);
const ROUNDS = Number(values.rounds ?? 3);
/** Shoppers checking out at once, each with its own account (limits are per customer). */
const SHOPPERS = 8;
const CUSTOMERS = 120;
const TOKEN = 'bench-metrics-token-0123456789';
const INSTRUMENT = ['--import', './dist/instrument.js'];

const log = (message: string) =>
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** An OTLP/HTTP endpoint that takes every export (what a collector's receiver does first). */
async function otlpSink() {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      exports++;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ exports, bytes }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Config {
  name: 'before' | 'off' | 'metrics' | 'tracing' | 'every';
  env: Record<string, string>;
  nodeArgs: string[];
}

/** Customers with sessions, made in the database (sign-up limits would slow a bench). */
async function makeCustomers(databaseUrl: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl, pgliteDir: null, log: quietLog });
  try {
    const cookies: string[] = [];
    const now = new Date();
    for (let i = 0; i < CUSTOMERS; i++) {
      const row = await database.db
        .insertInto('customers')
        .values({
          email: `shopper-${i}@example.com`,
          password_hash: 'not-a-hash',
          first_name: 'Bench',
          last_name: `Shopper ${i}`,
          email_verified: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cookies.push(
        (await customerSessions(database.db, cryptoRandomBytes).create(row.id, now)).token,
      );
    }
    return cookies;
  } finally {
    await database.close();
  }
}
const quietLog = { error: () => {}, warn: () => {} };

/** Every item back on sale (what one run sold, for the next run to sell again). */
async function restock(client: pg.Client): Promise<number[]> {
  await client.query(`
    UPDATE items SET status = 'available', sold_to = NULL, sold_at = NULL, reserved_by = NULL,
      reserved_until = NULL, held_price_cents = NULL, checkout_key = NULL, checkout_until = NULL,
      last_held_by = NULL, last_hold_ended_at = NULL
    WHERE status IN ('sold', 'reserved')`);
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM items WHERE status = 'available' ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

/** Add to cart, then check out, by SHOPPERS shoppers for `seconds`: completed checkouts per second. */
async function checkouts(base: string, cookies: string[], items: number[], seconds: number) {
  const until = Date.now() + seconds * 1000;
  let next = 0;
  let done = 0;
  let failed = 0;
  // Each customer checks out at most 10 times a quarter hour (its limit): rotate through them.
  let customer = 0;
  const post = (url: string, cookie: string, body?: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      signal: AbortSignal.timeout(30_000),
      headers: {
        cookie: `shop_session=${cookie}`,
        origin: base,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      while (Date.now() < until && next < items.length) {
        const cookie = cookies[customer++ % cookies.length]!;
        try {
          const added = await post('/api/cart/items', cookie, { item_id: items[next++] });
          await added.arrayBuffer();
          const sold = await post('/api/cart/checkout', cookie);
          await sold.arrayBuffer();
          if (added.ok && sold.ok) done++;
          else failed++;
        } catch {
          // A kept-alive socket closed by the server as the request left: counted, not fatal.
          failed++;
        }
      }
    }),
  );
  return { rate: done / seconds, failed };
}

const median = (list: number[]) => {
  const known = list.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : Number.NaN;
};

/** The server's self time by module and by function in each window of its run. */
function printProfiles(run: string, dir: string, windows: Array<[string, number, number]>) {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  for (const [name, from, to] of windows) {
    const profile = summariseProfile(path.join(dir, file), from, 25, to);
    const lines = (list: Array<{ name: string; share: number }>) =>
      list.map((entry) => `  ${(entry.share * 100).toFixed(1).padStart(5)} % ${entry.name}`);
    process.stderr.write(
      [
        `${run}, ${name} (${profile.totalSamples} samples), by module:`,
        ...lines(profile.byModule),
        'by function:',
        ...lines(profile.byFunction),
        '',
      ].join('\n'),
    );
  }
}

async function main(): Promise<void> {
  const sink = await otlpSink();
  log(`seeding ${ITEMS} items on PostgreSQL`);
  const seeded = await seedPostgres(ITEMS, path.join(os.tmpdir(), 'shop-bench-observability'));
  const databaseUrl = seeded.databaseUrl!;
  const cookies = await makeCustomers(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const every: Config[] = [
    { name: 'before', env: {}, nodeArgs: [] },
    { name: 'off', env: {}, nodeArgs: INSTRUMENT },
    { name: 'metrics', env: { METRICS_TOKEN: TOKEN }, nodeArgs: INSTRUMENT },
    {
      name: 'tracing',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint },
      nodeArgs: INSTRUMENT,
    },
    {
      name: 'every',
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      },
      nodeArgs: INSTRUMENT,
    },
  ];
  const configs = every.filter(
    (c) => !values.only || c.name === 'off' || values.only.split(',').includes(c.name),
  );
  const results = new Map(
    configs.map((c) => [
      c.name,
      [] as Array<{ list: number; checkout: number; listCpu: number; checkoutCpu: number }>,
    ]),
  );
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const order = [...configs].sort(() => Math.random() - 0.5);
      for (const config of order) {
        const items = await restock(client);
        await settle(databaseUrl);
        const profileDir = values.profile
          ? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-observability-profile-'))
          : null;
        const target = await startTarget(
          config.name,
          SERVER,
          { DATABASE_URL: databaseUrl, ...config.env },
          '/readyz',
          profileDir
            ? [...config.nodeArgs, '--cpu-prof', '--cpu-prof-dir', profileDir]
            : config.nodeArgs,
        );
        const now = () => Number(process.hrtime.bigint() / 1000n);
        const windows: Array<[string, number, number]> = [];
        // Prometheus scrapes every 15 s by default; every 5 s here, so each run sees one.
        const scraping =
          config.name === 'metrics'
            ? setInterval(() => {
                fetch(`${target.base}/metrics`, {
                  headers: { authorization: `Bearer ${TOKEN}` },
                }).then(
                  (res) => res.arrayBuffer(),
                  () => {},
                );
              }, 5_000)
            : null;
        try {
          const list = {
            name: 'list',
            requests: [{ method: 'GET' as const, path: '/api/items', headers: {} }],
          };
          await load(target.base, list, 2); // warm-up: the index loads, the answer is kept
          await quiet(target.child.pid);
          const cpu = () => procCpu(target.child.pid)?.seconds ?? 0;
          // The main thread alone: the rest is the collector's helpers and libuv's pool.
          const mainCpu = () => procCpu(target.child.pid, target.child.pid)?.seconds ?? 0;
          const m0 = mainCpu();
          const t0 = now();
          const c0 = cpu();
          const listed = await load(target.base, list, SECONDS);
          const c1 = cpu();
          const m1 = mainCpu();
          const t1 = now();
          const sold = await checkouts(target.base, cookies, items, SECONDS);
          const c2 = cpu();
          const m2 = mainCpu();
          windows.push(['list', t0, t1], ['checkout', t1, now()]);
          // CPU milliseconds of the server per answered list request and per checkout.
          // A run the machine stalled (nothing answered) has no cost per request: NaN, left out.
          const listCpu = ((c1 - c0) * 1000) / (listed.requests || Number.NaN);
          const checkoutCpu = ((c2 - c1) * 1000) / (sold.rate * SECONDS || Number.NaN);
          results
            .get(config.name)!
            .push({ list: listed.rps, checkout: sold.rate, listCpu, checkoutCpu });
          log(
            `round ${round} ${config.name.padEnd(8)} list ${listed.rps.toFixed(0)} req/s (${listCpu.toFixed(3)} CPU ms each, main ${(((m1 - m0) * 1000) / listed.requests).toFixed(3)})` +
              `  checkout ${sold.rate.toFixed(1)}/s (${checkoutCpu.toFixed(1)} CPU ms each, main ${(((m2 - m1) * 1000) / (sold.rate * SECONDS)).toFixed(1)})${sold.failed ? ` (${sold.failed} refused)` : ''}`,
          );
        } finally {
          if (scraping) clearInterval(scraping);
          await stopTarget(target);
          if (profileDir) {
            printProfiles(`round ${round} ${config.name}`, profileDir, windows);
            fs.rmSync(profileDir, { recursive: true, force: true });
          }
        }
      }
    }
  } finally {
    await client.end();
    await dropPostgres(databaseUrl);
    await sink.close();
  }

  const off = results.get('off')!;
  // Rounds where either side answered nothing (the machine stalled it) are left out.
  // The median of per-round ratios, and their range: on a machine shared with other work
  // one round can differ from the next by more than the cost measured.
  const ratio = (
    name: Config['name'],
    key: 'list' | 'checkout' | 'listCpu' | 'checkoutCpu',
    invert = false,
  ) => {
    const ratios = results
      .get(name)!
      .map((r, i) => [r[key], off[i]![key]] as const)
      .filter(([a, b]) => a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b))
      // For CPU per request, off's cost over this one's: the throughput a dedicated core gives.
      .map(([a, b]) => (invert ? b / a : a / b));
    if (!ratios.length) return 'n/a';
    const mid = median(ratios).toFixed(3);
    return name === 'off'
      ? mid
      : `${mid} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  };
  process.stdout.write(
    `\nObservability cost (${ITEMS} items, PostgreSQL, ${SECONDS} s per case, ${ROUNDS} rounds; medians, ratios with their per-round range)\n\n` +
      '| configuration | list req/s | checkouts/s | list vs off | checkout vs off | list CPU ms/req | checkout CPU ms | list vs off (CPU) | checkout vs off (CPU) |\n' +
      '|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const config of configs) {
    const runs = results.get(config.name)!;
    process.stdout.write(
      `| ${config.name} | ${median(runs.map((r) => r.list)).toFixed(0)} | ${median(runs.map((r) => r.checkout)).toFixed(1)} | ${ratio(config.name, 'list')} | ${ratio(config.name, 'checkout')} | ${median(runs.map((r) => r.listCpu)).toFixed(3)} | ${median(runs.map((r) => r.checkoutCpu)).toFixed(1)} | ${ratio(config.name, 'listCpu', true)} | ${ratio(config.name, 'checkoutCpu', true)} |\n`,
    );
  }
  const sent = sink.stats();
  process.stdout.write(
    `\nTracing exported ${sent.exports} OTLP requests (${(sent.bytes / 1024).toFixed(0)} KiB). Targets: metrics ≥ 0.95, tracing ≥ 0.85 of off. Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
