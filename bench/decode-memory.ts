// npm run bench:decode-memory — peak RSS while 10 submissions of 6 × 12 MP photos are
// processed at once through the shared image pipeline (each submission re-encodes its
// photos one after another, as the intake form does; decodes across them share the
// process-wide slots). Target: under 600 MB.
import { imageDecodeSlots } from '../src/media/decode-slots.js';
import { processImage } from '../src/media/image-upload.js';
import { cameraPhoto } from './camera-photo.js';

const SUBMISSIONS = 10;
const PHOTOS = 6;

const originals = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => cameraPhoto(i)));
const rawMb = originals.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const baseline = process.memoryUsage().rss;
const started = performance.now();

await Promise.all(
  Array.from({ length: SUBMISSIONS }, async (_, s) => {
    // Each submission holds its own copies of the uploaded files, as received.
    const files = originals.map((bytes) => Buffer.from(bytes));
    for (const [i, bytes] of files.entries()) {
      await processImage({ filename: `s${s}-p${i}.jpg`, mimetype: 'image/jpeg', bytes });
    }
  }),
);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(
  `${SUBMISSIONS} submissions × ${PHOTOS} photos of 12 MP (${rawMb.toFixed(1)} MB of JPEG each), ` +
    `decode slots ${imageDecodeSlots.size}: peak RSS ${mb(peak)} MB ` +
    `(baseline ${mb(baseline)} MB), ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
