// npm run bench:decode-memory — peak RSS while 10 submissions of 6 × 12 MP photos are
// processed at once through the intake's photo pipeline (photo-pipeline.ts): each
// photo re-encoded (one full-size re-encode at a time in the process) and given its
// list sizes (variants); decodes across every submission share the process-wide
// slots. Target: under 600 MB. Run as `npm start` runs the server
// (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=1048576).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { imageDecodeSlots } from '../src/media/decode-slots.js';
import { storeEncodedVariants } from '../src/media/image-variants.js';
import { photoPipeline } from '../src/media/photo-pipeline.js';
import { diskStorage } from '../src/media/storage.js';
import { cameraPhoto } from './camera-photo.js';

const SUBMISSIONS = 10;
const PHOTOS = 6;

// `--make-photos DIR`: the child that writes the test photos. Made in another process so
// that the 36 MB pixel buffers it takes to synthesise them are not counted as the server's.
if (process.argv[2] === '--make-photos') {
  const into = process.argv[3] as string;
  for (let i = 0; i < PHOTOS; i++)
    await fs.writeFile(path.join(into, `p${i}.jpg`), await cameraPhoto(i));
  process.exit(0);
}
const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-decode-'));
execFileSync(
  process.execPath,
  [...process.execArgv, process.argv[1] as string, '--make-photos', mediaDir],
  {
    stdio: 'inherit',
  },
);
const originals = await Promise.all(
  Array.from({ length: PHOTOS }, (_, i) => fs.readFile(path.join(mediaDir, `p${i}.jpg`))),
);
const rawMb = originals.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;
const storage = diskStorage(mediaDir);

let peak = process.memoryUsage().rss;
// JS-held buffers (uploads, encoded photos) at the moment of the peak, to tell them from libvips.
let buffersAtPeak = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  if (usage.rss > peak) {
    peak = usage.rss;
    buffersAtPeak = usage.arrayBuffers;
  }
}, 10);
const baseline = process.memoryUsage().rss;
const started = performance.now();

await Promise.all(
  Array.from({ length: SUBMISSIONS }, async (_, s) => {
    // Through the intake form's own pipeline: each file received (its own copy), no
    // more received photos waiting than there are slots; the variants stored at the end.
    const pipeline = photoPipeline();
    for (const [i, original] of originals.entries()) {
      const bytes = Buffer.from(original);
      await pipeline.add({ filename: `s${s}-p${i}.jpg`, mimetype: 'image/jpeg', bytes });
    }
    const processed = await pipeline.photos();
    await Promise.all(processed.map((photo) => storeEncodedVariants(storage, photo.variants)));
  }),
);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(
  `${SUBMISSIONS} submissions × ${PHOTOS} photos of 12 MP (${rawMb.toFixed(1)} MB of JPEG per submission), ` +
    `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}, MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? 'unset'}, decode slots ${imageDecodeSlots.size}, libvips threads ${sharp.concurrency()}, ` +
    `cache ${JSON.stringify(sharp.cache().memory)}: peak RSS ${mb(peak)} MB ` +
    `(baseline ${mb(baseline)} MB, JS buffers at peak ${mb(buffersAtPeak)} MB), ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await fs.rm(mediaDir, { recursive: true, force: true });
