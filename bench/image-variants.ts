// npx tsx bench/image-variants.ts [--photos 3]
// What the list sizes cost at intake and save a shopper: per 12 MP phone photo,
// the re-encode the pipeline already does, the extra time to make the variants,
// and the bytes of each variant beside the stored photo. Prints a table.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processImage } from '../src/media/image-upload.js';
import { storeVariants, variantWidthsFor } from '../src/media/image-variants.js';
import { diskStorage } from '../src/media/storage.js';
import { cameraPhoto } from './camera-photo.js';

const { values } = parseArgs({ options: { photos: { type: 'string', default: '3' } } });
const photos = Number(values.photos);
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-variants-'));
const storage = diskStorage(root);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const rows: string[][] = [];
  for (let i = 0; i < photos; i++) {
    const input = await cameraPhoto(i);
    let started = performance.now();
    const processed = await processImage({
      filename: 'p.jpg',
      mimetype: 'image/jpeg',
      bytes: input,
    });
    const reencodeMs = performance.now() - started;
    started = performance.now();
    const variants = await storeVariants(
      storage,
      processed.bytes,
      variantWidthsFor(processed.width),
    );
    const variantsMs = performance.now() - started;
    const sizes = await Promise.all(
      variants.map(async (v) => (await fs.stat(path.join(root, v.path))).size),
    );
    rows.push([
      `photo ${i + 1} (${processed.width}×${processed.height})`,
      kb(processed.bytes.length),
      `${reencodeMs.toFixed(0)} ms`,
      `${variantsMs.toFixed(0)} ms`,
      ...variants.map((v, j) => `${v.width}px ${kb(sizes[j]!)}`),
    ]);
  }
  const header = ['photo', 'stored', 're-encode', 'variants', '480', '960', '1600'];
  for (const row of [header, ...rows])
    process.stdout.write(`${row.map((c) => c.padEnd(22)).join('')}\n`);
} finally {
  await fs.rm(root, { recursive: true, force: true });
}
