// The unique-URL miss cases of `npm run bench` alone, against one freshly seeded
// PostgreSQL catalogue: to try them without the whole bench.
//   npx tsx bench/run-misses.ts [--items 1000] [--seconds 1] [--built]
// --built runs dist/server.js as the bench does (`npm run build` first): the figures
// to compare with its; without it the TypeScript source runs through tsx.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropPostgres, seedPostgres, settle } from './databases.js';
import { measureMisses } from './misses.js';
import { quiet, rssMb, SERVER, startTarget, stopTarget } from './processes.js';
import { emptySizeResult, missTable } from './report.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string' },
    seconds: { type: 'string' },
    built: { type: 'boolean' },
  },
});
const ITEMS = Number(values.items ?? 1_000);
const SECONDS = Number(values.seconds ?? 1);

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-misses-'));
const seeded = await seedPostgres(ITEMS, tmp);
const databaseUrl = seeded.databaseUrl!;
try {
  const target = await startTarget(
    'ours-pg',
    values.built ? SERVER : 'src/server.ts',
    { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir },
    '/readyz',
  );
  const uncached = await startTarget(
    'ours-pg-uncached',
    'bench/targets/uncached.ts',
    { DATABASE_URL: databaseUrl, DATA_DIR: seeded.dataDir },
    '/readyz',
  );
  try {
    // The first list sets off the index's load and the item JSON's warming: measured after.
    await fetch(`${target.base}/api/items`);
    await quiet(target.child.pid);
    console.log(`server RSS after warming: ${rssMb(target.child.pid).toFixed(0)} MB`);
    const misses = await measureMisses(
      target.base,
      databaseUrl,
      SECONDS,
      () => settle(databaseUrl),
      uncached.base,
    );
    console.log(missTable([{ ...emptySizeResult(ITEMS, seeded.seconds, null), misses }]));
    const failed = Object.entries(misses.failures).filter(([, n]) => n > 0);
    if (failed.length) console.log(`\nUnexpected answers: ${JSON.stringify(failed)}`);
  } finally {
    await stopTarget(uncached);
    await stopTarget(target);
  }
} finally {
  await dropPostgres(databaseUrl);
  await fs.rm(tmp, { recursive: true, force: true });
}
