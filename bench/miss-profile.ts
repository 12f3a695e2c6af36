// Where one miss case's time goes: our server (built, dist/server.js) on an already
// seeded PostgreSQL catalogue, driven by one case of bench/misses.ts, with the CPU
// seconds each side spent per request (our server, PostgreSQL's processes, the load
// driver) and the server's CPU profile by module and function.
//   [TOP=25] [PROFILE_OUT=file.cpuprofile] npx tsx bench/miss-profile.ts <database url> ["miss: item ids"] [seconds]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { encodeCursor } from '../src/modules/storefront/item-filters.js';
import { load } from './load.js';
import { missCases } from './misses.js';
import { procCpu, quiet, SERVER, startTarget, stopTarget, warmed } from './processes.js';
import { summariseProfile } from './profile.js';

const [url, caseName = 'miss: item ids', secondsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: bench/miss-profile.ts <database url> [case] [seconds]');
const SECONDS = Number(secondsArg ?? 8);
const TOKEN = 'bench-miss-profile';

/** CPU seconds so far of every process, grouped: ours, PostgreSQL, this driver, the rest. */
function cpuSeconds(serverPid: number | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const stat = procCpu(Number(pid));
    if (!stat) continue; // gone meanwhile
    const { name, seconds } = stat;
    const group =
      Number(pid) === serverPid
        ? 'server'
        : Number(pid) === process.pid
          ? 'driver'
          : name.startsWith('postgres')
            ? 'postgres'
            : 'other';
    out[group] = (out[group] ?? 0) + seconds;
  }
  return out;
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const root = (
  await client.query(`SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`)
).rows[0].id as number;
const tags = (
  await client.query(`SELECT t.slug FROM tags t JOIN item_tags it ON it.tag_id = t.id
    GROUP BY t.slug ORDER BY count(*) DESC, t.slug LIMIT 2`)
).rows.map((row) => row.slug as string);
const rows = (
  await client.query(`SELECT id, to_char(coalesce(published_at, created_at) AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key
    FROM items WHERE status <> 'pending' ORDER BY (id::bigint * 7919) % 100003, id LIMIT 50000`)
).rows as Array<{ id: number; key: string }>;
await client.end();
const ids = rows.map((row) => row.id);
const cursors = rows.map((row) => encodeCursor({ sort: 'newest', key: row.key, id: row.id }));
const cases = missCases({ root, tags, ids, cursors });
const measured = cases.find((c) => c.name === caseName);
if (!measured) throw new Error(`no case "${caseName}": ${cases.map((c) => c.name).join(', ')}`);

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-miss-profile-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-miss-data-'));
try {
  const target = await startTarget(
    'ours-pg',
    SERVER,
    { DATABASE_URL: url, DATA_DIR: dataDir, METRICS_TOKEN: TOKEN },
    '/readyz',
    ['--cpu-prof', '--cpu-prof-dir', profileDir],
  );
  let result: Awaited<ReturnType<typeof load>>;
  let spent: Record<string, number>;
  let from: number;
  try {
    // The storefront index loads and the item JSON is made after the first list: left out.
    await fetch(`${target.base}/api/items`);
    await warmed(target.base, TOKEN, 600_000);
    await quiet(target.child.pid);
    await load(target.base, measured, 1); // warm-up, left out
    from = Number(process.hrtime.bigint() / 1000n);
    const before = cpuSeconds(target.child.pid);
    result = await load(target.base, measured, SECONDS);
    const after = cpuSeconds(target.child.pid);
    spent = Object.fromEntries(
      Object.entries(after).map(([group, s]) => [group, s - (before[group] ?? 0)]),
    );
  } finally {
    // Past the server's own 10 s shutdown bound, which exits (writing the profile) by itself.
    await stopTarget(target, 20_000);
  }
  const requests = result.rps * SECONDS;
  console.log(
    `${caseName}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} / p99 ${result.p99} ms, ${result.bad + result.errors} failed`,
  );
  for (const group of ['server', 'postgres', 'driver', 'other']) {
    const s = spent[group] ?? 0;
    console.log(
      `- ${group}: ${s.toFixed(2)} CPU s, ${((s / requests) * 1000).toFixed(3)} ms per request`,
    );
  }
  const file = fs
    .readdirSync(profileDir)
    .map((f) => path.join(profileDir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (file) {
    // PROFILE_OUT keeps the raw profile (for a look at inclusive times) past the run.
    if (process.env.PROFILE_OUT) fs.copyFileSync(file, process.env.PROFILE_OUT);
    const profile = summariseProfile(file, from, Number(process.env.TOP ?? 12));
    console.log('\nserver self time by module:');
    for (const m of profile.byModule.slice(0, 10))
      console.log(`- ${(m.share * 100).toFixed(1)} % ${m.name}`);
    console.log('\nby function:');
    for (const f of profile.byFunction.slice(0, Number(process.env.TOP ?? 10)))
      console.log(`- ${(f.share * 100).toFixed(1)} % ${f.name}`);
  }
} finally {
  fs.rmSync(profileDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
