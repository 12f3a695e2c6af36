import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  makeVariants,
  storeEncodedVariants,
  variantWidthsFor,
} from '../../../media/image-variants.js';
import type { MediaStorage } from '../../../media/storage.js';
import type { StoredVariant } from '../../schema.js';
import { finishOf, type ItemLook } from '../looks.js';
import { Canvas } from './canvas.js';
import {
  BACKDROPS,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  RENDERING,
  renderShot,
  type Shot,
  shotSvg,
} from './studio.js';

/** A stored photo as an item_images row records it. */
export interface SeedPhoto {
  path: string;
  width: number;
  height: number;
  variants: StoredVariant[];
}

/** The photos of each look (in the order of `looks`), `look.photos` of each: the whole object, then closer. */
export type PhotoSource = (looks: readonly ItemLook[]) => Promise<SeedPhoto[][]>;

/** No files at all: every image row points at one path (benchmarks, which never fetch an image). */
export function placeholderPhotos(placeholder: string): PhotoSource {
  const photo: SeedPhoto = {
    path: placeholder,
    width: PHOTO_WIDTH,
    height: PHOTO_HEIGHT,
    variants: [],
  };
  return async (looks) => looks.map((look) => Array.from({ length: look.photos }, () => photo));
}

const luminance = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return (0.299 * (value >> 16) + 0.587 * ((value >> 8) & 0xff) + 0.114 * (value & 0xff)) / 255;
};

/** The n-th photo of a look: the whole object, then closer, then on another paper and off centre. */
export function shotOf(look: ItemLook, n: number): Shot {
  // Pale objects go on the darker stone paper, so they do not vanish into it.
  const pale = luminance(finishOf(look).colour) > 0.78;
  const papers = pale ? [5, 3] : [look.id % 5, (look.id + 2) % 5];
  const backdrop = BACKDROPS[papers[n % 2]!]!;
  if (n % 3 === 1) return { backdrop, zoom: 1.7, focus: 0.62, shift: -60 };
  if (n % 3 === 2) return { backdrop, zoom: 0.86, focus: 0.5, shift: look.id % 2 ? 110 : -110 };
  return { backdrop, zoom: 1, focus: 0.5, shift: 0 };
}

interface Rendered {
  jpeg: Buffer;
  variants: Array<{ width: number; height: number; data: Buffer }>;
}

/** Each file whole or not at all (written aside, then renamed): two seedings may share the cache. */
async function writeWhole(target: string, bytes: Buffer | string): Promise<void> {
  const aside = `${target}.${process.pid}.tmp`;
  await fs.writeFile(aside, bytes);
  await fs.rename(aside, target);
}

async function writeCache(
  file: string,
  jpeg: Buffer,
  variants: Rendered['variants'],
): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeWhole(`${file}.jpg`, jpeg);
  for (const v of variants) await writeWhole(`${file}-${v.width}.webp`, v.data);
  // Written last: a cache entry is complete once its list exists.
  await writeWhole(
    `${file}.json`,
    JSON.stringify(variants.map(({ width, height }) => ({ width, height }))),
  );
}

/** Renders a shot and its list sizes, or takes them from the cache a previous seeding left. */
async function renderOrReuse(svg: string, cacheDir: string | null): Promise<Rendered> {
  const key = createHash('sha256').update(JSON.stringify(RENDERING)).update(svg).digest('hex');
  const file = cacheDir ? path.join(cacheDir, key) : null;
  if (file) {
    const cached = await fs.readFile(`${file}.json`, 'utf8').then(
      (text) => JSON.parse(text) as Array<{ width: number; height: number }>,
      () => null,
    );
    if (cached) {
      const jpeg = await fs.readFile(`${file}.jpg`);
      const variants = await Promise.all(
        cached.map(async (v) => ({ ...v, data: await fs.readFile(`${file}-${v.width}.webp`) })),
      );
      return { jpeg, variants };
    }
  }
  const jpeg = await renderShot(svg);
  const variants = await makeVariants(jpeg, variantWidthsFor(PHOTO_WIDTH));
  if (file) {
    // Best effort: a cache that cannot be written (a read-only install) only costs time.
    await writeCache(file, jpeg, variants).catch(() => {});
  }
  return { jpeg, variants };
}

/**
 * Photographs every look (an SVG drawing of the object, lit in a studio, rendered
 * with grain like a camera photo) and stores each photo and its list sizes
 * through the configured store, as uploads are. With a cache folder, a shot
 * rendered by an earlier seeding is copied rather than rendered again.
 */
export function renderedPhotos(
  storage: MediaStorage,
  options: {
    cacheDir: string | null;
    concurrency: number;
    onProgress?: (done: number, total: number) => void;
  },
): PhotoSource {
  return async (looks) => {
    const jobs = looks.flatMap((look) =>
      Array.from({ length: look.photos }, (_, n) => ({ look, n })),
    );
    const out: SeedPhoto[][] = looks.map(() => []);
    let next = 0;
    let done = 0;
    const worker = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const canvas = new Canvas();
        const drawing = job.look.kind.draw(canvas, finishOf(job.look), job.look.variant.drawing);
        const rendered = await renderOrReuse(
          shotSvg(canvas, drawing, shotOf(job.look, job.n)),
          options.cacheDir,
        );
        const stored = await storage.put('items', 'jpg', rendered.jpeg);
        const variants = await storeEncodedVariants(storage, rendered.variants);
        out[looks.indexOf(job.look)]![job.n] = {
          path: stored,
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          variants,
        };
        options.onProgress?.(++done, jobs.length);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    return out;
  };
}
