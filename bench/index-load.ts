// The storefront index loading in a real server (issue 35): a shop of N items on
// PostgreSQL, started as `npm start` starts it; the first list asks for the index,
// which is read and built while a probe asks GET /healthz every 10 ms (what any
// request waits meanwhile: the event loop's delay, seen from outside). Then a
// category edit touching more than 500 items forces a whole reload, probed the
// same way. RSS of the server sampled every 20 ms throughout, and the event loop's
// delay inside it (`monitorEventLoopDelay`, bench/loop-delay-probe.mjs) over each phase.
//
//   npm run build && tsx bench/index-load.ts --items 100000 [--database NAME]
// --database reuses a seeded database on the server (kept); else one is made,
// seeded and dropped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/support/free-port.js';
import { loopDelayProbe } from './loop-delay.js';
import { quiet, serverMetric } from './processes.js';
import { root, startServer } from './start-command.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    database: { type: 'string' },
  },
});
const TOKEN = 'bench-index-load';

async function onServer<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

const databaseName = values.database ?? `bench_index_load_${process.pid}`;
const url = new URL(values.postgres);
url.pathname = `/${databaseName}`;
const databaseUrl = url.href;
if (!values.database) {
  await onServer(values.postgres, `CREATE DATABASE ${databaseName}`);
  const started = performance.now();
  const seeded = spawnSync('npm', ['run', 'seed', '--silent', '--', '--items', values.items], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('the seed failed');
  console.error(
    `seeded ${values.items} items in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const loop = loopDelayProbe();
const child = startServer(port, {
  DATABASE_URL: databaseUrl,
  METRICS_TOKEN: TOKEN,
  NODE_OPTIONS: loop.nodeOptions,
  ...loop.env,
});
const pid = child.pid!;
let rssNow = 0;
let rssPeak = 0;
const sampler = setInterval(() => {
  try {
    rssNow = rssMb(pid);
    rssPeak = Math.max(rssPeak, rssNow);
  } catch {
    // Exited.
  }
}, 20);

const metric = (name: string) => serverMetric(base, TOKEN, name);

/** Probes /healthz every 10 ms until `done()` holds; the probes' latencies in ms. */
async function probeUntil(
  done: () => Promise<boolean>,
): Promise<{ seconds: number; max: number; p99: number; probes: number }> {
  const started = performance.now();
  const latencies: number[] = [];
  let finished = false;
  const watcher = (async () => {
    while (!(await done())) await new Promise((r) => setTimeout(r, 250));
    finished = true;
  })();
  while (!finished) {
    const at = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - at);
    await new Promise((r) => setTimeout(r, 10));
  }
  await watcher;
  latencies.sort((a, b) => a - b);
  return {
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    max: Math.round(latencies.at(-1) ?? 0),
    p99: Math.round(percentile(latencies, 0.99)),
    probes: latencies.length,
  };
}

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const [{ visible }] = (await onServer<{ visible: string }>(
    databaseUrl,
    "SELECT count(*) AS visible FROM items WHERE status <> 'pending'",
  )) as [{ visible: string }];
  const rssBefore = rssNow;
  rssPeak = rssNow;
  // The first list asks for the index; lists go on being asked, as customers would
  // (the mirror starts its load on a list asked once its notifications are live).
  const loaded = async () => {
    await fetch(`${base}/api/items`).then((r) => r.arrayBuffer());
    return (await metric('shop_storefront_index_items')) >= Number(visible);
  };
  await loop.read(pid);
  const load = await probeUntil(loaded);
  const loadLoop = await loop.read(pid);
  const loadPeak = rssPeak;
  // Steady once the item JSON warmed after the load is made (the server's CPU quiet),
  // so the figure counts the kept cards and the reload below does not run beside warming.
  const warmingFrom = Date.now();
  await new Promise((r) => setTimeout(r, 5_000));
  await quiet(pid, 600_000);
  const warmingSeconds = Math.round((Date.now() - warmingFrom) / 1000);
  const steady = rssNow;

  // A category with more than 500 visible items renamed: announced as everything (0099), a whole reload.
  const reloads = await metric('shop_storefront_index_reloads_total');
  rssPeak = rssNow;
  const [category] = await onServer<{ id: number; items: string }>(
    databaseUrl,
    `SELECT category_id AS id, count(*) AS items FROM items WHERE status <> 'pending'
     GROUP BY category_id ORDER BY count(*) DESC LIMIT 1`,
  );
  await onServer(
    databaseUrl,
    `UPDATE categories SET name = name || ' ' WHERE id = ${Number(category!.id)}`,
  );
  // Lists asked meanwhile (answered by SQL until the new index is in).
  await loop.read(pid);
  const reload = await probeUntil(async () => {
    await fetch(`${base}/api/items`).then((r) => r.arrayBuffer());
    return (await metric('shop_storefront_index_reloads_total')) > reloads;
  });
  const reloadLoop = await loop.read(pid);
  console.log(
    JSON.stringify({
      items: Number(visible),
      rssBeforeLoadMb: Math.round(rssBefore),
      load: { ...load, rssPeakMb: Math.round(loadPeak), loop: loadLoop },
      rssSteadyMb: Math.round(steady),
      warmingSeconds,
      reload: {
        ...reload,
        categoryItems: Number(category!.items),
        rssPeakMb: Math.round(rssPeak),
        loop: reloadLoop,
      },
    }),
  );
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (!values.database) await onServer(values.postgres, `DROP DATABASE ${databaseName}`);
}
