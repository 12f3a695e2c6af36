// The unique-URL miss cases of `npm run bench` alone, against one freshly seeded
// PostgreSQL catalogue: to try them without the whole bench.
//   npx tsx bench/run-misses.ts [--items 1000] [--seconds 1] [--built] [--database NAME] [--json FILE]
// --built runs dist/server.js as the bench does (`npm run build` first): the figures
// to compare with its; without it the TypeScript source runs through tsx.
// --database reuses a database seeded on the bench's PostgreSQL server (kept; a
// million items take minutes to seed). Each case's event-loop delay inside the
// server (`monitorEventLoopDelay`, bench/loop-delay-probe.mjs) is printed after.
// --json writes the figures to FILE as well (bench/scale-targets.ts reads them).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropPostgres, SERVER_URL, seedPostgres, settle } from './databases.js';
import { type LoopDelay, loopDelayProbe } from './loop-delay.js';
import { measureMisses } from './misses.js';
import { quiet, rssMb, SERVER, startTarget, stopTarget, warmed } from './processes.js';
import { emptySizeResult, missTable } from './report.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    seconds: { type: 'string' },
    built: { type: 'boolean' },
    database: { type: 'string' },
    json: { type: 'string' },
  },
});
const ITEMS = Number(values.items ?? 1_000);
const SECONDS = Number(values.seconds ?? 1);

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-misses-'));
const reused = values.database
  ? Object.assign(new URL(SERVER_URL), { pathname: `/${values.database}` }).href
  : null;
const seeded = reused
  ? { databaseUrl: reused, dataDir: tmp, seconds: 0 }
  : await seedPostgres(ITEMS, tmp);
const databaseUrl = seeded.databaseUrl!;
const loop = loopDelayProbe();
const TOKEN = 'bench-run-misses';

const delays: Record<string, LoopDelay> = {};
try {
  const target = await startTarget(
    'ours-pg',
    values.built ? SERVER : 'src/server.ts',
    { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir, METRICS_TOKEN: TOKEN, ...loop.env },
    '/readyz',
    loop.nodeArgs,
  );
  const uncached = await startTarget(
    'ours-pg-uncached',
    'bench/targets/uncached.ts',
    { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir },
    '/readyz',
  );
  try {
    // The first list sets off the index's load and the item JSON's warming: measured after.
    // At a million items warming runs minutes after the load: up to 10 minutes of waiting.
    const warmingFrom = Date.now();
    await fetch(`${target.base}/api/items`);
    await warmed(target.base, TOKEN, 600_000);
    await quiet(target.child.pid, 60_000);
    const warmingSeconds = Math.round((Date.now() - warmingFrom) / 1000);
    const rssAfterWarmingMb = Math.round(rssMb(target.child.pid));
    console.log(`server RSS after warming (${warmingSeconds} s): ${rssAfterWarmingMb} MB`);
    const misses = await measureMisses(
      target.base,
      databaseUrl,
      SECONDS,
      () => settle(databaseUrl),
      uncached.base,
      {
        before: async () => void (await loop.read(target.child.pid!)),
        after: async (name) => {
          delays[name] = await loop.read(target.child.pid!);
        },
      },
    );
    console.log(missTable([{ ...emptySizeResult(ITEMS, seeded.seconds, null), misses }]));
    console.log(
      `hit: list, each measure (req/s; the table's is their median): ${misses.hitSamples?.join(', ')}`,
    );
    console.log('\nEvent loop delay in the server (ms), case by case:');
    for (const [name, d] of Object.entries(delays)) {
      console.log(`  ${name}: max ${d.maxMs}, p99 ${d.p99Ms}, p50 ${d.p50Ms}`);
    }
    if (values.json) {
      const figures = { items: ITEMS, rssAfterWarmingMb, warmingSeconds, ...misses, delays };
      await fs.writeFile(values.json, JSON.stringify(figures));
    }
    const failed = Object.entries(misses.failures).filter(([, n]) => n > 0);
    if (failed.length) console.log(`\nUnexpected answers: ${JSON.stringify(failed)}`);
  } finally {
    await stopTarget(uncached);
    await stopTarget(target);
  }
} finally {
  if (!reused) await dropPostgres(databaseUrl);
  await fs.rm(tmp, { recursive: true, force: true });
}
