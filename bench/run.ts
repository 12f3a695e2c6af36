// npm run bench [-- --quick] [--sizes 100000,1000] [--seconds 1] [--rate-seconds 1] [--rounds 3] [--mixed-seconds 8] [--no-upload] [--no-profile] [--no-observability]
// Seeds 1k/10k/100k catalogues (PostgreSQL; 1k/10k also PGlite), runs each target
// in its own process and drives it with autocannon from this one. Round by round,
// the sizes in turn, one size's servers at a time: start, warm up, group by group
// each target's cases back to back (ours and the ceiling: anonymous and signed in
// twice, mirrored), orders shuffled, stop. Median
// req/s at 32 connections and ratios as medians of per-round pairs; then
// p50/p99 at half the floor's rate; then list and filters reads alone and while a
// writer adds and releases cart items (20 writes/s) or edits prices (5 and 20). Prints a Markdown table, writes JSON to bench/results/.
// The 1M catalogue's targets (issue 35) are their own run: npm run bench:scale (bench/scale-targets.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildCorpus, type Case, type Corpus, cases, type Snapshot, snapshot } from './corpus.js';
import { dropPostgres, seedPglite, seedPostgres, settle } from './databases.js';
import { explainShapes } from './explain.js';
import { CONNECTIONS, load } from './load.js';
import { measureMisses } from './misses.js';
import { measureMixed, type WriterKind } from './mixed.js';
import { procCpu, quiet, SERVER, startTarget, stopTarget, type Target } from './processes.js';
import { type ProfileSummary, summariseProfile } from './profile.js';
import { emptySizeResult, rps, type SizeResult, table } from './report.js';
import { runUpload, type UploadResult } from './upload.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    seconds: { type: 'string' },
    'rate-seconds': { type: 'string' },
    rounds: { type: 'string' },
    'mixed-seconds': { type: 'string' },
    'miss-seconds': { type: 'string' },
    'no-upload': { type: 'boolean' },
    'no-profile': { type: 'boolean' },
    'no-observability': { type: 'boolean' },
    // In another order, e.g. 100000,1000: tells a machine that slows over the run from a
    // catalogue size that costs (the ceiling does not depend on size).
    sizes: { type: 'string' },
  },
});
const SIZES = values.sizes
  ? values.sizes.split(',').map(Number)
  : values.quick
    ? [1_000]
    : [1_000, 10_000, 100_000];
const PGLITE_SIZES = new Set([1_000, 10_000]);
// Short cases, many rounds: pairs seconds apart say more than long runs minutes apart.
const SECONDS = Number(values.seconds ?? (values.quick ? 2 : 1));
const RATE_SECONDS = Number(values['rate-seconds'] ?? (values.quick ? 2 : 1));
// Five: two seconds apart, one case swings ±20 % on this kind of shared 2-core machine
// (the ceiling too), and a median of three pairs still failed 0.9 targets by chance.
const ROUNDS = Number(values.rounds ?? 5);
// Long enough for a p99 over the writes (20/s × 8 s = 160 writes).
const MIXED_SECONDS = Number(values['mixed-seconds'] ?? 8);
// As long as the issue's own measurement ran each miss case: a second is mostly the
// first moments of a path (its code compiled, the cache filling, the heap growing).
const MISS_SECONDS = Number(values['miss-seconds'] ?? 8);
const MIXED_WRITERS: Array<{ writer: WriterKind; rate: number }> = [
  { writer: 'cart', rate: 20 },
  { writer: 'price', rate: 5 },
  { writer: 'price', rate: 20 },
];

function shuffle<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const log = (message: string) =>
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);

interface Driven {
  target: Target;
  cases: Case[];
}

/** One catalogue size, seeded, its corpus and snapshots taken; no server running. */
interface Prepared {
  items: number;
  seeded: Awaited<ReturnType<typeof seedPostgres>>;
  pglite: Awaited<ReturnType<typeof seedPglite>> | null;
  databaseUrl: string;
  result: SizeResult;
  corpus: Corpus;
  pgSnap: Record<string, Snapshot>;
  plSnap: Record<string, Snapshot> | null;
  snapFile: string;
  corpusFile: string;
}

/** The targets of one size, started and warmed up. */
interface Running {
  started: Target[];
  driven: Driven[];
  oursPg: Target;
}

async function prepareSize(items: number, tmp: string): Promise<Prepared> {
  const seeded = await seedPostgres(items, path.join(tmp, `pg-${items}`));
  log(`${items}: PostgreSQL seeded in ${seeded.seconds.toFixed(1)} s`);
  const databaseUrl = seeded.databaseUrl!;
  const started: Target[] = [];
  try {
    const pglite = PGLITE_SIZES.has(items)
      ? await seedPglite(items, path.join(tmp, `pglite-${items}`))
      : null;
    if (pglite) log(`${items}: PGlite seeded in ${pglite.seconds.toFixed(1)} s`);
    const oursPg = await startOurs('ours-pg', {
      DATABASE_URL: databaseUrl,
      DATA_DIR: seeded.dataDir,
    });
    started.push(oursPg);
    const corpus: Corpus = await buildCorpus(oursPg.base, databaseUrl);
    const urls = Object.values(corpus.groups).flat();
    const pgSnap = await snapshot(oursPg.base, urls);
    const snapFile = path.join(tmp, `snapshot-${items}.json`);
    const corpusFile = path.join(tmp, `corpus-${items}.json`);
    await fs.writeFile(snapFile, JSON.stringify(pgSnap));
    await fs.writeFile(corpusFile, JSON.stringify(urls));
    log(`${items}: corpus of ${urls.length} URLs`);
    const result = emptySizeResult(items, seeded.seconds, pglite?.seconds ?? null);
    let plSnap: Record<string, Snapshot> | null = null;
    if (pglite) {
      const oursPglite = await startOurs('ours-pglite', { DATA_DIR: pglite.dataDir });
      started.push(oursPglite);
      plSnap = await snapshot(oursPglite.base, urls);
      result.identical = {
        compared: urls.length,
        different: urls.filter((u) => plSnap![u]!.body !== pgSnap[u]!.body),
      };
    }
    return {
      items,
      seeded,
      pglite,
      databaseUrl,
      result,
      corpus,
      pgSnap,
      plSnap,
      snapFile,
      corpusFile,
    };
  } catch (error) {
    await dropPostgres(databaseUrl);
    throw error;
  } finally {
    for (const target of started.reverse()) await stopTarget(target);
  }
}

/**
 * Starts one size's targets and warms them up. One size's servers run at a time:
 * every size's servers started at once left the measured one beside a dozen idle
 * processes, and ours on PostgreSQL at 10k measured 13.5k list req/s there
 * against 30k alone (2026-11-24), on answers that never reach the database.
 */
async function startTargets(p: Prepared): Promise<Running> {
  const { items, seeded, pglite, databaseUrl, result, corpus, pgSnap, plSnap } = p;
  const started: Target[] = [];
  try {
    const ceiling = await startTarget(
      'ceiling',
      'bench/targets/ceiling.ts',
      { BENCH_SNAPSHOT: p.snapFile },
      '/api/filters',
    );
    started.push(ceiling);
    const floor = await startTarget(
      'floor',
      'bench/targets/floor.ts',
      { BENCH_CORPUS: p.corpusFile, DATABASE_URL: databaseUrl },
      '/api/filters',
    );
    started.push(floor);
    const oursPg = await startOurs('ours-pg', {
      DATABASE_URL: databaseUrl,
      DATA_DIR: seeded.dataDir,
    });
    started.push(oursPg);
    // Every target runs every case, so each of ours is paired with the ceiling and
    // the floor measured seconds before or after it (the ceiling ignores cookies,
    // the floor ETags: there those cases measure the anonymous answer again).
    const driven: Driven[] = [
      { target: ceiling, cases: cases(corpus, seeded.cookie, pgSnap) },
      { target: floor, cases: cases(corpus, seeded.cookie, pgSnap) },
      { target: oursPg, cases: cases(corpus, seeded.cookie, pgSnap) },
    ];
    if (pglite && plSnap) {
      const oursPglite = await startOurs('ours-pglite', { DATA_DIR: pglite.dataDir });
      started.push(oursPglite);
      driven.push({ target: oursPglite, cases: cases(corpus, pglite.cookie, plSnap) });
    }
    for (const { target, cases: list } of driven) {
      result.closed[target.name] ??= {};
      result.open[target.name] ??= {};
      result.failures[target.name] ??= {};
      result.cpu[target.name] ??= {};
      // Warm-up: every request of every case, rotating, then each case on its own: a
      // server started this round has every path compiled before it is measured.
      await load(target.base, { name: 'warm-up', requests: list.flatMap((c) => c.requests) }, 2);
      for (const c of list) await load(target.base, c, 0.5);
      await quiet(target.child.pid);
      await settle(databaseUrl);
    }
    log(`${items}: started and warmed up`);
    return { started, driven, oursPg };
  } catch (error) {
    for (const target of started.reverse()) await stopTarget(target);
    throw error;
  }
}

/** Ours on the size's PostgreSQL database, or on its PGlite copy (a data directory alone). */
function startOurs(name: 'ours-pg' | 'ours-pglite', env: Record<string, string>): Promise<Target> {
  return startTarget(name, SERVER, env, '/readyz');
}

async function stopTargets(running: Running): Promise<void> {
  for (const target of [...running.started].reverse()) await stopTarget(target);
}

/**
 * One round at one size: group by group (list, item, filters), each target's
 * cases back to back, the groups and the targets in a new order each time. A
 * ratio is the median of its per-round ratios, each between runs seconds apart,
 * so a machine that slows for a minute moves both sides of it alike.
 */
async function runRound(p: Prepared, round: number) {
  const running = await startTargets(p);
  try {
    await measureRound(p, running.driven, round);
  } finally {
    await stopTargets(running);
  }
  log(`${p.items}: round ${round} done`);
}

/** Targets whose signed-in / anonymous ratio the report gives: ours, and the ceiling beside it. */
const PAIRED = new Set(['ours-pg', 'ceiling']);

/**
 * The order of one target's cases of a group. For ours on PostgreSQL and the
 * ceiling, anonymous and signed in run side by side twice in mirrored order
 * (ABBA), so a machine that speeds up or slows down over the block moves both
 * alike: seconds apart with other targets' runs between them, the ceiling's own
 * ratio (it ignores the cookie) spread 0.57–2.42 per round (2026-11-24).
 */
function caseOrder(group: string, target: string, round: number): string[] {
  const [anon, signed, revalidated] = ['anon', 'signed-in', '304'].map((k) => `${group} ${k}`);
  const pair = round % 2 ? [anon!, signed!] : [signed!, anon!];
  const block = PAIRED.has(target) ? [...pair, ...[...pair].reverse()] : pair;
  return Math.random() < 0.5 ? [revalidated!, ...block] : [...block, revalidated!];
}

async function measureRound({ databaseUrl, result }: Prepared, driven: Driven[], round: number) {
  const groups = [...new Set(driven[0]!.cases.map((c) => c.name.split(' ')[0]!))];
  for (const group of shuffle(groups)) {
    for (const { target, cases: list } of shuffle(driven)) {
      const order = caseOrder(group, target.name, round);
      await measureGroup(
        target,
        order.flatMap((name) => list.filter((c) => c.name === name)),
        {
          databaseUrl,
          result,
        },
      );
    }
  }
}

/**
 * One target's cases of a group, in the order given. A case run twice in the
 * round counts once: its mean req/s, its CPU over both runs.
 */
async function measureGroup(
  target: Target,
  order: Case[],
  { databaseUrl, result }: Pick<Prepared, 'databaseUrl' | 'result'>,
) {
  const runs = new Map<string, { rps: number[]; cpuRequests: number; cpuSeconds: number }>();
  for (const c of order) {
    const before = procCpu(target.child.pid);
    const r = await load(target.base, c, SECONDS);
    const after = procCpu(target.child.pid);
    await settle(databaseUrl);
    const run = runs.get(c.name) ?? { rps: [], cpuRequests: 0, cpuSeconds: 0 };
    run.rps.push(r.rps);
    if (before && after) {
      run.cpuSeconds += after.seconds - before.seconds;
      run.cpuRequests += r.requests;
    }
    runs.set(c.name, run);
    const failures = result.failures[target.name]!;
    failures[c.name] = (failures[c.name] ?? 0) + r.bad + r.errors;
  }
  for (const [name, run] of runs) {
    const rounds = result.closed[target.name]!;
    rounds[name] = [...(rounds[name] ?? []), run.rps.reduce((a, b) => a + b, 0) / run.rps.length];
    // The server's own CPU per request: what a case costs it, whatever the machine's
    // neighbours took from the run (req/s of seconds-apart runs swing by ±20 %).
    if (run.cpuRequests > 0) {
      const cpu = result.cpu[target.name]!;
      cpu[name] = [...(cpu[name] ?? []), (run.cpuSeconds * 1e6) / run.cpuRequests];
    }
  }
}

/** Latency, reads while writing, misses, the profile and plans; then stops the targets. */
async function finishSize(prepared: Prepared, profileDir: string | null) {
  const { items, seeded, databaseUrl, result, corpus, pgSnap } = prepared;
  const { started, driven, oursPg } = await startTargets(prepared);
  let profile: ProfileSummary | null = null;
  try {
    // Latency at a fixed offered rate: half of what the floor sustained in that case.
    for (const { target, cases: list } of shuffle(driven)) {
      for (const c of list) {
        const rate = rps(result, 'floor', c.name) / 2;
        if (!Number.isFinite(rate)) continue;
        const r = await load(target.base, c, RATE_SECONDS, rate);
        await settle(databaseUrl);
        result.open[target.name]![c.name] = { rate, p50: r.p50, p99: r.p99, bad: r.bad + r.errors };
      }
    }
    log(`${items}: fixed-rate latency done`);

    // Reads while the catalogue changes: cart adds and releases, and the owner's
    // price edits at 5 and 20 writes/s (each one a catalogue write).
    const anon = cases(corpus, seeded.cookie, pgSnap);
    const reads: Case = {
      name: 'list and filters, anonymous',
      requests: anon
        .filter((c) => c.name === 'list anon' || c.name === 'filters anon')
        .flatMap((c) => c.requests),
    };
    result.mixed = await measureMixed(
      oursPg.base,
      databaseUrl,
      reads,
      MIXED_SECONDS,
      MIXED_WRITERS,
      () => settle(databaseUrl),
    );
    log(`${items}: reads while writing done`);

    // Ours with nothing reused, for answers recomputed after every write.
    const uncached = await startTarget(
      'ours-pg-uncached',
      'bench/targets/uncached.ts',
      { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir },
      '/readyz',
    );
    started.push(uncached);
    result.misses = await measureMisses(
      oursPg.base,
      databaseUrl,
      MISS_SECONDS,
      () => settle(databaseUrl),
      uncached.base,
    );
    await stopTarget(uncached);
    log(`${items}: unique-URL misses done`);

    if (profileDir) {
      // One CPU profile of our server under the /api/items load (anonymous list corpus).
      const profiled = await startTarget(
        'ours-pg-profiled',
        SERVER,
        { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir },
        '/readyz',
        ['--cpu-prof', '--cpu-prof-dir', profileDir],
      );
      const list = cases(corpus, seeded.cookie, pgSnap).filter(
        (c) => c.name.startsWith('list ') && !c.name.endsWith('304'),
      );
      await load(profiled.base, list[0]!, 1); // warm-up, left out of the summary
      const from = Number(process.hrtime.bigint() / 1000n);
      for (const c of list) await load(profiled.base, c, Math.max(5, SECONDS * 3));
      await stopTarget(profiled);
      // The main thread's profile is the largest (tsx's loader thread writes one too).
      const files = await Promise.all(
        (await fs.readdir(profileDir))
          .filter((f) => f.endsWith('.cpuprofile'))
          .map(async (f) => ({ f, size: (await fs.stat(path.join(profileDir, f))).size })),
      );
      const main = files.sort((a, b) => b.size - a.size)[0];
      if (main) profile = summariseProfile(path.join(profileDir, main.f), from);
      log(`${items}: CPU profile taken`);
    }
    const itemId = Number(corpus.groups.item[0]!.split('/').at(-1));
    result.plans = await explainShapes(databaseUrl, corpus.shapes, itemId);
  } finally {
    for (const target of started.reverse()) await stopTarget(target);
  }
  return { result, profile, databaseUrl };
}

async function main(): Promise<void> {
  const began = performance.now();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  const resultsDir = path.join(import.meta.dirname, 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const sizes: SizeResult[] = [];
  let upload: UploadResult | null = null;
  let profile: ProfileSummary | null = null;
  const profileDir = values['no-profile'] ? null : path.join(resultsDir, 'cpu-profile');
  if (profileDir) {
    await fs.rm(profileDir, { recursive: true, force: true });
    await fs.mkdir(profileDir, { recursive: true });
  }
  try {
    // Every size is seeded first, then measured round by round in turn:
    // growth between sizes compares runs minutes apart, not the start and the end
    // of a twenty-minute run on a machine that slows as it goes.
    const prepared: Prepared[] = [];
    try {
      for (const items of SIZES) prepared.push(await prepareSize(items, tmp));
      for (let round = 1; round <= ROUNDS; round++) {
        for (const p of shuffle(prepared)) await runRound(p, round);
      }
      while (prepared.length) {
        const p = prepared.shift()!;
        try {
          const measured = await finishSize(p, p.items === SIZES.at(-1) ? profileDir : null);
          sizes.push(measured.result);
          if (measured.profile) profile = measured.profile;
          if (p.items === SIZES[0] && !values['no-upload']) {
            upload = await runUpload(p.databaseUrl, path.join(tmp, 'upload'), 5);
            log('upload done');
          }
        } finally {
          await dropPostgres(p.databaseUrl);
        }
      }
    } finally {
      for (const p of prepared) await dropPostgres(p.databaseUrl);
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  const seconds = (performance.now() - began) / 1000;
  const settings = {
    sizes: SIZES,
    connections: CONNECTIONS,
    secondsPerCasePerRound: SECONDS,
    rateSeconds: RATE_SECONDS,
    rounds: ROUNDS,
    mixedSeconds: MIXED_SECONDS,
    missSeconds: MISS_SECONDS,
    mixedWriters: MIXED_WRITERS,
    logLevel: 'warn',
    tool: 'autocannon 8, no pipelining',
  };
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg(),
  };
  const markdown = table(sizes, upload);
  const date = new Date().toISOString();
  console.log(`\n## npm run bench${values.quick ? ' -- --quick' : ''} — ${date}\n`);
  console.log(
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}; ${JSON.stringify(settings)}; took ${seconds.toFixed(0)} s\n`,
  );
  console.log(markdown);
  if (profile) {
    console.log('\nCPU profile of ours (PostgreSQL) under the /api/items load, self time:\n');
    for (const m of profile.byModule.slice(0, 8))
      console.log(`- ${(m.share * 100).toFixed(1)} % ${m.name}`);
    console.log('');
    for (const f of profile.byFunction.slice(0, 8))
      console.log(`- ${(f.share * 100).toFixed(1)} % ${f.name}`);
  }
  const file = path.join(resultsDir, `bench-${date.replace(/[:.]/g, '-')}.json`);
  await fs.writeFile(
    file,
    JSON.stringify({ date, seconds, machine, settings, sizes, upload, profile, markdown }, null, 2),
  );
  const plans = sizes.flatMap((s) =>
    Object.entries(s.plans).map(
      ([name, plan]) => `### ${s.items} items, ${name}\n\n\`\`\`\n${plan}\n\`\`\`\n`,
    ),
  );
  await fs.writeFile(
    file.replace(/\.json$/, '.md'),
    `${markdown}\n\n## EXPLAIN (ANALYZE, BUFFERS)\n\n${plans.join('\n')}`,
  );
  const failed = sizes.flatMap((s) =>
    Object.entries(s.failures).flatMap(([target, byCase]) =>
      Object.entries(byCase)
        .filter(([, n]) => n > 0)
        .map(([name, n]) => `${s.items} ${target} ${name}: ${n}`),
    ),
  );
  if (failed.length) console.log(`\nUnexpected answers or socket errors: ${failed.join('; ')}`);
  console.log(`\nJSON and plans: ${path.relative(process.cwd(), file)} (and .md)`);
  // Last group: what metrics and tracing cost (bench/observability.ts, its own catalogue).
  if (!values['no-observability']) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/observability.ts'], {
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error('the observability group failed');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
