// Drafting: drafts per minute with the builtin cut-out on 12 MP photos, and the
// peak RSS of the process doing it. Drafts are queued as intake queues them
// (rows plus a job); a job worker with only the drafting handler, the builtin
// cut-out and no model (DRAFT_PROVIDER=none) drains them, WORKERS at a time.
//
//   npm run bench:drafting [-- --drafts 8 --photos 3 --workers 1]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { systemClock } from '../src/auth/clock.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { jobWorker } from '../src/jobs/job-queue.js';
import { diskStorage } from '../src/media/storage.js';
import { builtinCutout } from '../src/modules/drafting/builtin-cutout.js';
import { DRAFT_JOB, queueDraft } from '../src/modules/drafting/draft-jobs.js';
import { noDraftProvider } from '../src/modules/drafting/draft-provider.js';
import { draftWorker } from '../src/modules/drafting/draft-worker.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const DRAFTS = option('drafts', 8);
const PHOTOS = option('photos', 3);
const WORKERS = option('workers', 1);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** A 12 MP product photo: an object with a highlight on a plain, slightly grainy backdrop. */
async function productPhoto(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <defs><radialGradient id="g" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue},60%,30%)"/>
    </radialGradient></defs>
    <ellipse cx="2000" cy="1550" rx="${900 + seed * 20}" ry="1100" fill="url(#g)"/>
    <rect x="1750" y="300" width="500" height="400" rx="60" fill="hsl(${hue},40%,25%)"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 236, g: 235, b: 230 },
      noise: { type: 'gaussian', mean: 0, sigma: 4 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: 4000, height: 3000, channels: 3 } })
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-drafting-'));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null, log: console });
  try {
    await migrateToLatest(database.db);
    const storage = diskStorage(path.join(dataDir, 'media'));

    let photoBytes = 0;
    const stored: string[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      const bytes = await productPhoto(i);
      photoBytes += bytes.length;
      stored.push(await storage.put('items', 'jpg', bytes));
    }
    for (let d = 0; d < DRAFTS; d++) {
      await database.db.transaction().execute(async (trx) => {
        const item = await trx
          .insertInto('items')
          .values({ title: `Bench ${d}` })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Each draft gets its own copies: a cut-out replaces the image it was made from.
        const paths = await Promise.all(
          stored.map(async (p) => storage.put('items', 'jpg', await storage.read(p))),
        );
        await trx
          .insertInto('item_images')
          .values(
            paths.map((p, position) => ({
              item_id: item.id,
              path: p,
              width: 4000,
              height: 3000,
              position,
            })),
          )
          .execute();
        const draft = await trx
          .insertInto('item_drafts')
          .values({ item_id: item.id, note: 'Bench', state: 'queued' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queueDraft(trx, draft.id, systemClock.now());
      });
    }

    const worker = jobWorker({
      db: database.db,
      clock: systemClock,
      log: { info: () => {}, warn: console.warn, error: console.error },
    });
    worker.register(
      DRAFT_JOB,
      draftWorker({
        db: database.db,
        clock: systemClock,
        storage,
        provider: noDraftProvider,
        cutout: builtinCutout,
        concurrency: WORKERS,
        modelTimeoutMs: 60_000,
        log: { info: () => {}, warn: console.warn },
      }),
    );
    const rssBefore = mb(process.memoryUsage().rss);
    const peakBefore = peakRssMb();
    const started = process.hrtime.bigint();
    await worker.drain();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    const drafts = await database.db
      .selectFrom('item_drafts')
      .select(['state', 'cutouts'])
      .execute();
    const drafted = drafts.filter((d) => d.state === 'drafted').length;
    const applied = drafts.flatMap((d) => d.cutouts).filter((c) => c.applied).length;
    console.log(
      JSON.stringify(
        {
          drafts: DRAFTS,
          photos_per_draft: PHOTOS,
          photo_mb_each: +(photoBytes / PHOTOS / 1024 / 1024).toFixed(1),
          workers: WORKERS,
          drafted,
          cutouts_applied: applied,
          seconds: +seconds.toFixed(1),
          drafts_per_minute: +((drafted / seconds) * 60).toFixed(1),
          photos_per_second: +(applied / seconds || 0).toFixed(2),
          rss_before_mb: rssBefore,
          peak_rss_before_drafting_mb: peakBefore,
          peak_rss_mb: peakRssMb(),
          cpus: os.cpus().length,
          load_average_1m: +os.loadavg()[0]!.toFixed(1),
        },
        null,
        2,
      ),
    );
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
