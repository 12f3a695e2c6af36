// npm run bench:scale — issue 35's targets in one run on this machine, each with the
// run's own figure and whether it holds:
// - a 1M and a 100k catalogue on PostgreSQL, seeded (the 1M seed timed against the
//   issue's 4 min 42 s), or reused with --database-1m / --database-100k NAME (kept);
// - the index's load and a reload forced by a category edit at 1M: RSS and the event
//   loop's delay inside the server (bench/index-load.ts);
// - the unique-URL misses at both sizes against each run's list hit (the median of
//   its measures, one before each miss case), with the loop's delay per case
//   (bench/run-misses.ts);
// - an empty shop on PGlite, first start and idle (bench/small-host.ts).
// About 20 minutes with both seeds; writes the figures to bench/results/.
//   npm run build && npx tsx bench/scale-targets.ts [--seconds 5] [--database-1m NAME] [--database-100k NAME]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkpoint, dropPostgres, SERVER_URL, seedPostgres } from './databases.js';
import type { LoopDelay } from './loop-delay.js';
import { root } from './start-command.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    'database-1m': { type: 'string' },
    'database-100k': { type: 'string' },
    'small-host-idle': { type: 'string', default: '30' },
  },
});

/** The issue's own seed of 1M items on PostgreSQL (4 min 42 s): "stays as fast as it is", within a tenth. */
const SEED_1M_SECONDS = 282;
/** The four miss shapes and unique ids: each ≥ 0.5 of the list hit at 1M, and its share growing ≥ 0.8 from 100k. */
const MISSES = [
  'miss: min_price',
  'miss: category + 2 tags + max_price',
  'miss: q + min_price',
  'miss: deep cursor pages',
  'miss: item ids',
];
const UNIQUE_Q = 'miss: unique q word';

interface Misses {
  rps: Record<string, number>;
  delays: Record<string, LoopDelay>;
}
interface PhaseFigures {
  seconds: number;
  rssPeakMb: number;
  loop: LoopDelay;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
const nameOf = (url: string) => new URL(url).pathname.slice(1);
const urlOf = (name: string) => Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).href;

/** A bench script of this folder, its output passed through; fails the run if it fails. */
function script(file: string, args: string[]): string {
  const run = spawnSync('npx', ['tsx', path.join('bench', file), ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(run.stdout);
  if (run.status !== 0) throw new Error(`bench/${file} exited with ${run.status}`);
  return run.stdout;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

const made: string[] = [];
async function catalogue(items: number, reuse: string | undefined) {
  if (reuse) return { url: urlOf(reuse), seedSeconds: null };
  console.log(`Seeding ${items} items…`);
  const seeded = await seedPostgres(items, tmp);
  made.push(seeded.databaseUrl!);
  // Outside the seed's time: the load measured next would otherwise run beside it.
  await checkpoint();
  return { url: seeded.databaseUrl!, seedSeconds: seeded.seconds };
}

function misses(url: string, items: number): Misses {
  const file = path.join(tmp, `misses-${items}.json`);
  script('run-misses.ts', [
    '--built',
    '--items',
    String(items),
    '--seconds',
    values.seconds,
    '--database',
    nameOf(url),
    '--json',
    file,
  ]);
  return readJson<Misses>(file);
}

type Row = [target: string, figure: string, holds: boolean];
const rows: Row[] = [];
const check = (target: string, figure: string, holds: boolean) =>
  rows.push([target, figure, holds]);
const loopHolds = (d: LoopDelay) => d.maxMs <= 50 && d.p99Ms <= 10;
const loopFigure = (d: LoopDelay) => `max ${d.maxMs} / p99 ${d.p99Ms} ms`;

try {
  const million = await catalogue(1_000_000, values['database-1m']);
  const hundred = await catalogue(100_000, values['database-100k']);

  const load = JSON.parse(
    script('index-load.ts', ['--database', nameOf(million.url)])
      .trim()
      .split('\n')
      .at(-1)!,
  ) as { rssSteadyMb: number; load: PhaseFigures; reload: PhaseFigures };
  const at1m = misses(million.url, 1_000_000);
  const at100k = misses(hundred.url, 100_000);
  const smallFile = path.join(tmp, 'small-host.json');
  script('small-host.ts', ['--idle', values['small-host-idle'], '--json', smallFile]);
  const small = readJson<{ first: { peakMb: number; idleMb: number } }>(smallFile);

  check('1M: RSS steady ≤ 1.2 GB', `${load.rssSteadyMb} MB`, load.rssSteadyMb <= 1_200);
  check(
    '1M: RSS during a reload ≤ 1.5 GB',
    `${load.reload.rssPeakMb} MB`,
    load.reload.rssPeakMb <= 1_500,
  );
  const share = (m: Misses, name: string) => m.rps[name]! / m.rps['hit: list']!;
  for (const name of MISSES) {
    const big = share(at1m, name);
    const growth = big / share(at100k, name);
    check(`1M: ${name} ≥ 0.5 × list hit`, big.toFixed(2), big >= 0.5);
    check(`${name}: growth 1M / 100k ≥ 0.8`, growth.toFixed(2), growth >= 0.8);
  }
  const q = share(at1m, UNIQUE_Q);
  check(`1M: ${UNIQUE_Q} ≥ 0.25 × list hit`, q.toFixed(2), q >= 0.25);
  for (const [what, d] of [
    ['1M: loop delay during the load', load.load.loop],
    ['1M: loop delay during a reload (category edit)', load.reload.loop],
    ['1M: loop delay under unique q words', at1m.delays[UNIQUE_Q]!],
    ['100k: loop delay under unique q words', at100k.delays[UNIQUE_Q]!],
  ] as const) {
    check(`${what}: max ≤ 50, p99 ≤ 10 ms`, loopFigure(d), loopHolds(d));
  }
  check(
    'Empty shop on PGlite: idle ≤ 250 MB',
    `${small.first.idleMb} MB`,
    small.first.idleMb <= 250,
  );
  check(
    'Empty shop on PGlite: first-start peak ≤ 400 MB',
    `${small.first.peakMb} MB`,
    small.first.peakMb <= 400,
  );
  if (million.seedSeconds !== null) {
    check(
      `Seed of 1M items ≤ ${SEED_1M_SECONDS} s (+10 %)`,
      `${Math.round(million.seedSeconds)} s`,
      million.seedSeconds <= SEED_1M_SECONDS * 1.1,
    );
  }

  console.log(`\nIssue 35's targets, ${new Date().toISOString()}, ${os.cpus().length} cores:`);
  console.log('| target | this run | holds |\n|---|---|---|');
  for (const [target, figure, holds] of rows) {
    console.log(`| ${target} | ${figure} | ${holds ? 'yes' : '**no**'} |`);
  }
  const results = path.join(root, 'bench', 'results');
  fs.mkdirSync(results, { recursive: true });
  const out = path.join(results, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify({ rows, load, at1m, at100k, small, million, hundred }));
  console.log(`\n${rows.filter((row) => row[2]).length} of ${rows.length} hold; figures in ${out}`);
} finally {
  for (const url of made) await dropPostgres(url);
  fs.rmSync(tmp, { recursive: true, force: true });
}
