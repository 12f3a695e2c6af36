// npm run bench:small-host — an empty shop on embedded PGlite, as a small host runs it
// (issue 35 item 6): the server started the way `npm start` starts it, on a new
// DATA_DIR (first start: the database is created) and again on the same one (a
// restart), and PGlite alone in a bare Node process beside it (its own floor).
//
// RSS is sampled every 20 ms over the server and every process it started (the one
// that creates the database), summed: what the host must hold at once. Peak is the
// highest sum from spawn to the end of the idle period; idle is the last sample.
//
//   npm run bench:small-host [-- --idle 30 --items 0 --postgres postgres://…/ --json FILE]
// With --items N the shop is seeded first (npm run seed) and measured on that; with
// --postgres (a server URL) on a new database there instead of PGlite, dropped after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/support/free-port.js';
import { root, startCommand, startServer } from './start-command.js';

const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '30' },
    items: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    postgres: { type: 'string' },
    // The two starts' figures as JSON too (bench/scale-targets.ts reads them).
    json: { type: 'string' },
  },
});
const idleSeconds = Number(values.idle);
const items = Number(values.items);

const kb = (text: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);

/** The pids of `pid` and every process below it. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i]!) ?? []));
  return found;
}

/** RSS of the tree in MB, and the server's own high-water mark. */
function sample(pid: number): { tree: number; serverHwm: number; processes: number } {
  let total = 0;
  let serverHwm = 0;
  const pids = tree(pid);
  for (const each of pids) {
    try {
      const status = fs.readFileSync(`/proc/${each}/status`, 'utf8');
      total += kb(status, 'VmRSS');
      if (each === pid) serverHwm = kb(status, 'VmHWM');
    } catch {
      // Exited between the listing and the read.
    }
  }
  return { tree: total / 1024, serverHwm: serverHwm / 1024, processes: pids.length };
}

interface Run {
  readySeconds: number;
  peakMb: number;
  serverPeakMb: number;
  idleMb: number;
  mostProcesses: number;
}

/** DATABASE_URL for the seed and the server: empty selects PGlite. */
let databaseUrl = '';

async function run(dataDir: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = startServer(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid!;
  let peak = 0;
  let serverPeak = 0;
  let mostProcesses = 0;
  let last = 0;
  const sampler = setInterval(() => {
    const now = sample(pid);
    peak = Math.max(peak, now.tree);
    serverPeak = Math.max(serverPeak, now.serverHwm);
    mostProcesses = Math.max(mostProcesses, now.processes);
    last = now.tree;
  }, 20);
  try {
    let readySeconds = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 600_000) throw new Error('no answer in 10 minutes');
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        readySeconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // What a first visitor asks: the front page's list and filters.
    for (const url of ['/api/items', '/api/filters', '/api/categories', '/']) {
      await fetch(`http://127.0.0.1:${port}${url}`).then((r) => r.arrayBuffer());
    }
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    return {
      readySeconds,
      peakMb: peak,
      serverPeakMb: serverPeak,
      idleMb: last,
      mostProcesses,
    };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await exited;
  }
}

/** PGlite alone in a bare Node process with the server's settings: create, then reopen. */
function pgliteFloor(dataDir: string, mode: 'create' | 'reopen') {
  const { env } = startCommand();
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'bench/pglite-floor.mjs'), path.join(dataDir, 'db'), mode],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pglite-floor failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
    peakMb: number;
    openMb: number;
    seconds: number;
  };
}

const mb = (n: number) => `${Math.round(n)} MB`;
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-small-host-'));
const databaseName = `shop_small_host_${process.pid}`;
/** Runs one statement on the PostgreSQL server named by --postgres. */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: values.postgres });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
if (values.postgres) {
  await onServer(`CREATE DATABASE ${databaseName}`);
  const url = new URL(values.postgres);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
}
try {
  if (items > 0) {
    const seeded = spawnSync('npm', ['run', 'seed', '--silent', '--', '--items', String(items)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('the seed failed');
  }
  const first = await run(dataDir);
  const second = await run(dataDir);

  console.log(
    `Shop on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${items ? `${items} items` : 'empty'}, ${idleSeconds} s idle, node ${process.version}, ${os.cpus().length} cores`,
  );
  console.log(
    '| start | ready s | peak RSS (all processes) | server VmHWM | idle RSS | processes |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, r] of [
    [items ? 'first (after the seed)' : 'first (database created)', first],
    ['second (reopened)', second],
  ] as const) {
    console.log(
      `| ${name} | ${r.readySeconds.toFixed(1)} | ${mb(r.peakMb)} | ${mb(r.serverPeakMb)} | ${mb(r.idleMb)} | ${r.mostProcesses} |`,
    );
  }
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ first, second }));
  if (!databaseUrl) {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-floor-'));
    const created = pgliteFloor(bare, 'create');
    const reopened = pgliteFloor(bare, 'reopen');
    fs.rmSync(bare, { recursive: true, force: true });
    console.log(
      `PGlite alone (bare node, same settings): create ${mb(created.peakMb)} peak, ${mb(created.openMb)} open, ${created.seconds.toFixed(1)} s; reopen ${mb(reopened.peakMb)} peak, ${mb(reopened.openMb)} open`,
    );
  }
} finally {
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`DROP DATABASE ${databaseName} WITH (FORCE)`);
}
