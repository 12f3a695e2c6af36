// Time to accept one intake submission of 6 photos of 12 megapixels (4000 × 3000,
// with EXIF), through the real route, and the process RSS meanwhile.
// A measurement, not a test.   npm run bench:intake -- [--rounds 5]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { mintToken } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { multipart } from '../test/support/images.js';
import { cameraPhoto } from './camera-photo.js';

const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 5);

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-intake-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(dataDir, 'db'),
    log: console,
  });
  const app = await buildApp(config, { database });
  try {
    const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => cameraPhoto(i)));
    const sizes = photos.map((p) => (p.length / 1024 / 1024).toFixed(1));
    console.log(`6 photos of 4000 × 3000 with EXIF, ${sizes.join(' / ')} MB, on ${database.kind}`);
    const form = multipart(
      { note: 'Bench submission' },
      photos.map((bytes, i) => ({ filename: `IMG_${i}.jpg`, contentType: 'image/jpeg', bytes })),
    );

    const timings: number[] = [];
    // Generating the photos raised RSS already: report where submissions start and how high they go.
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 10);
    for (let round = 0; round <= ROUNDS; round++) {
      const { token, digest } = mintToken();
      await database.db
        .insertInto('upload_links')
        .values({ token_digest: digest, contact_email: 'bench@example.com' })
        .execute();
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/upload-links/${token}/submissions`,
        headers: form.headers,
        payload: form.payload,
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 201)
        throw new Error(`submission answered ${res.statusCode}: ${res.body}`);
      if (round > 0) timings.push(elapsed); // round 0 warms sharp and the database up
    }
    clearInterval(sampler);
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)]!;
    console.log(
      `accepted in ${median.toFixed(0)} ms (median of ${ROUNDS}; fastest ${timings[0]!.toFixed(0)} ms, slowest ${timings.at(-1)!.toFixed(0)} ms)`,
    );
    console.log(
      `process RSS: ${(startRss / 1024 / 1024).toFixed(0)} MB before the first submission, ${(peakRss / 1024 / 1024).toFixed(0)} MB at the peak`,
    );
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
