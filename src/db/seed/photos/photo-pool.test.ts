import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from '../../../media/storage.js';
import { looksOf } from '../looks.js';
import { seededRandom } from '../random.js';
import { DEPARTMENTS } from '../taxonomy/index.js';
import { renderedPhotos, type SeedPhoto } from './photo-pool.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-photos-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const KINDS = DEPARTMENTS.flatMap((d) => d.categories.flatMap((c) => c.kinds));
const byNoun = (noun: string) => KINDS.find((kind) => kind.noun === noun)!;
const looks = [
  ...looksOf(
    ['dining chair', 'table lamp', 'vase', 'kilim'].map(byNoun),
    [2],
    seededRandom(3),
  ).values(),
].flat();

/**
 * The share of the picture that is not backdrop: the photo shrunk to 40 × 50
 * (which averages the grain away), each cell compared with the paper at the
 * top and at the bottom of its column. A flat square has none.
 */
async function objectShare(bytes: Buffer): Promise<number> {
  const { data } = await sharp(bytes)
    .resize(40, 50, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * 40 + x) * 3 + c]!);
  const far = (a: number[], b: number[]) =>
    Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) > 30;
  let object = 0;
  for (let y = 0; y < 50; y++) {
    for (let x = 0; x < 40; x++) {
      if (far(at(x, y), at(x, 0)) && far(at(x, y), at(x, 49))) object++;
    }
  }
  return object / (40 * 50);
}

describe('the seed’s rendered photos', () => {
  let media: string;
  let first: SeedPhoto[][];

  it('photographs each look twice, whole and closer, as an upright 1040 × 1300 JPEG with its 480 and 960 list sizes stored', async () => {
    media = path.join(dir, 'media');
    const storage = diskStorage(media);
    first = await renderedPhotos(storage, { cacheDir: path.join(dir, 'cache'), concurrency: 2 })(
      looks,
    );
    expect(first).toHaveLength(4);
    for (const shots of first) {
      expect(shots).toHaveLength(2);
      for (const photo of shots) {
        const meta = await sharp(await storage.read(photo.path)).metadata();
        expect(meta).toMatchObject({ format: 'jpeg', width: 1040, height: 1300 });
        expect(photo).toMatchObject({ width: 1040, height: 1300 });
        expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
          [480, 600],
          [960, 1200],
        ]);
        for (const variant of photo.variants) {
          const stored = await sharp(await storage.read(variant.path)).metadata();
          expect(stored).toMatchObject({
            format: 'webp',
            width: variant.width,
            height: variant.height,
          });
        }
      }
    }
  });

  it('shows an object standing out from the backdrop in every shot: never a flat square', async () => {
    const storage = diskStorage(media);
    for (const [i, shots] of first.entries()) {
      for (const shot of shots) {
        expect(
          await objectShare(await storage.read(shot.path)),
          looks[i]!.kind.noun,
        ).toBeGreaterThan(0.04);
      }
    }
    const flat = await sharp({
      create: { width: 1040, height: 1300, channels: 3, background: '#c8b6a6' },
    })
      .jpeg()
      .toBuffer();
    expect(await objectShare(flat)).toBe(0);
  });

  it('copies a photo rendered before from the cache: the same picture, stored anew', async () => {
    const cached = await fs.readdir(path.join(dir, 'cache'));
    const storage = diskStorage(path.join(dir, 'again'));
    const again = await renderedPhotos(storage, {
      cacheDir: path.join(dir, 'cache'),
      concurrency: 2,
    })(looks);
    expect(await fs.readdir(path.join(dir, 'cache'))).toEqual(cached);
    const before = diskStorage(media);
    for (const [i, shots] of again.entries()) {
      for (const [n, photo] of shots.entries()) {
        expect(await storage.read(photo.path)).toEqual(await before.read(first[i]![n]!.path));
        expect(photo.variants.map((v) => v.width)).toEqual([480, 960]);
      }
    }
  });
});
