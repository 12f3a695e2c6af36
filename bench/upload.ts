// Upload: one submission of 6 JPEGs of 4000 × 3000 with EXIF at a time through the
// real submit route (a server child process), against bare sharp doing the same image
// work over the same 6 photos: the re-encode the route stores, and the three list sizes
// (variants) it makes of each, decoded once to the widest and encoded as WebP, as many
// photos at once as there are cores (the route's decode slots allow as many, though
// it runs one full-size re-encode at a time, with list sizes beside it); images/s of
// each, and the server's peak RSS meanwhile. The bare re-encode alone, one photo at
// a time, is timed too: the figure the route was compared with before it made variants.
import os from 'node:os';
import pg from 'pg';
import sharp from 'sharp';
import { mintToken } from '../src/auth/tokens.js';
import { VARIANT_WIDTHS } from '../src/media/image-variants.js';
import { multipart } from '../test/support/images.js';
import { cameraPhoto } from './camera-photo.js';
import { rssMb, SERVER, startTarget, stopTarget } from './processes.js';

export interface UploadResult {
  rounds: number;
  routeImagesPerSecond: number;
  sharpImagesPerSecond: number;
  /** Bare sharp's re-encode alone, without the list sizes. */
  reencodeImagesPerSecond: number;
  ratio: number;
  serverRssStartMb: number;
  serverRssPeakMb: number;
  photoMb: number;
}

export async function runUpload(
  databaseUrl: string,
  dataDir: string,
  rounds: number,
): Promise<UploadResult> {
  const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => cameraPhoto(i)));
  const form = multipart(
    { note: 'Bench submission' },
    photos.map((bytes, i) => ({ filename: `IMG_${i}.jpg`, contentType: 'image/jpeg', bytes })),
  );

  // Bare sharp first: warm-up round, then `rounds` rounds of the 6 photos in turn.
  let sharpMs = 0;
  let reencodeMs = 0;
  for (let round = 0; round <= rounds; round++) {
    let started = performance.now();
    for (const photo of photos) await sharp(photo).rotate().jpeg().toBuffer();
    if (round > 0) reencodeMs += performance.now() - started;
    started = performance.now();
    await inLanes(photos, bareImageWork);
    if (round > 0) sharpMs += performance.now() - started;
  }

  // The route alone: with a drafting worker, each submission's background cut-out
  // (remove_background defaults to true) would run beside the next upload and be
  // counted against the route. `npm run bench:drafting` measures the drafting step.
  const server = await startTarget(
    'ours-upload',
    SERVER,
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DRAFT_WORKERS: '0' },
    '/readyz',
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pid = server.child.pid;
  const startRss = rssMb(pid);
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  let routeMs = 0;
  try {
    for (let round = 0; round <= rounds; round++) {
      const { token, digest } = mintToken();
      await client.query('INSERT INTO upload_links (token_digest, contact_email) VALUES ($1, $2)', [
        digest,
        'bench@example.com',
      ]);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/upload-links/${token}/submissions`, {
        method: 'POST',
        headers: { ...form.headers, origin: 'http://localhost:3000' },
        body: form.payload,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`submission answered ${res.status}: ${text}`);
      if (round > 0) routeMs += performance.now() - started;
    }
  } finally {
    clearInterval(sampler);
    await client.end();
    await stopTarget(server);
  }
  const route = (6 * rounds) / (routeMs / 1000);
  const bare = (6 * rounds) / (sharpMs / 1000);
  return {
    reencodeImagesPerSecond: (6 * rounds) / (reencodeMs / 1000),
    rounds,
    routeImagesPerSecond: route,
    sharpImagesPerSecond: bare,
    ratio: route / bare,
    serverRssStartMb: startRss,
    serverRssPeakMb: peak,
    photoMb: photos.reduce((sum, p) => sum + p.length, 0) / 6 / 1024 / 1024,
  };
}

/** Runs `work` over the photos, as many at once as there are cores. */
async function inLanes(photos: Buffer[], work: (photo: Buffer) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: os.availableParallelism() }, async () => {
      while (next < photos.length) await work(photos[next++]!);
    }),
  );
}

/** What the route does to each photo, in bare sharp: re-encode, then the list sizes from one decode. */
async function bareImageWork(photo: Buffer): Promise<void> {
  const stored = await sharp(photo).rotate().jpeg().toBuffer();
  const widest = await sharp(stored)
    .resize({ width: Math.max(...VARIANT_WIDTHS) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = widest.info;
  for (const w of VARIANT_WIDTHS) {
    await sharp(widest.data, { raw: { width, height, channels } })
      .resize({ width: w })
      .webp({ quality: 80 })
      .toBuffer();
  }
}
