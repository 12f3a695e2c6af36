import type { StoredVariant } from '../db/schema.js';
import { imageDecodeSlots } from './decode-slots.js';
import type { ProcessedImage } from './image-upload.js';
import { loadSharp } from './sharp.js';
import type { MediaStorage } from './storage.js';

/**
 * Smaller copies of a stored photo for lists and phones (srcset), so a grid
 * never downloads the full size. Never wider than the photo itself: a width the
 * photo does not exceed is left out, and the photo's own URL serves it.
 */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

// WebP: about a third smaller than JPEG at the same look, and every browser the
// shop supports shows it. The originals keep their own format (the `url`).
const WEBP_QUALITY = 80;
// Same bound as the upload pipeline: a stored photo has passed it already, and a
// backfill of files put there by other means is held to it too.
const MAX_INPUT_PIXELS = 50_000_000;

/** The widths a photo of this width should have (strictly narrower than it). */
export function variantWidthsFor(width: number): number[] {
  return VARIANT_WIDTHS.filter((candidate) => candidate < width);
}

/** A list size encoded in memory, not yet stored. */
export interface EncodedVariant {
  width: number;
  height: number;
  data: Buffer;
}

/** A re-encoded upload with its list sizes made, ready to be stored once its form is valid. */
export interface PhotoWithVariants extends ProcessedImage {
  variants: EncodedVariant[];
}

/** The given widths of a photo, encoded in a decode slot, narrowest first. */
export function makeVariants(
  bytes: Buffer,
  widths: readonly number[],
  wanted: () => boolean = () => true,
): Promise<EncodedVariant[]> {
  if (widths.length === 0) return Promise.resolve([]);
  // Asked again once a slot is free: work nobody wants any more is not started.
  return imageDecodeSlots.run(async () => (wanted() ? encodeVariants(bytes, widths) : []));
}

/**
 * Stores encoded list sizes. If any write fails, the ones already written are removed
 * before the error is raised, so a caller only ever has to clean up what it was given back.
 */
export async function storeEncodedVariants(
  storage: MediaStorage,
  encoded: readonly EncodedVariant[],
): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = [];
  try {
    // Outside any decode slot: storage waits on the disk, not the CPU.
    for (const variant of encoded) {
      const path = await storage.put('variants', 'webp', variant.data);
      stored.push({ width: variant.width, height: variant.height, path });
    }
    return stored;
  } catch (error) {
    await storage.remove(stored.map((variant) => variant.path));
    throw error;
  }
}

/** Makes and stores the given widths of a photo, narrowest first; nothing is left behind on failure. */
export async function storeVariants(
  storage: MediaStorage,
  bytes: Buffer,
  widths: readonly number[],
): Promise<StoredVariant[]> {
  return storeEncodedVariants(storage, await makeVariants(bytes, widths));
}

/**
 * The photo is decoded once, to the widest size asked (JPEG shrink-on-load makes that
 * cheap), and the narrower ones are made from those pixels: a 12 MP photo is not
 * decoded again for every width. Runs inside a decode slot (issue: bounded image work).
 */
async function encodeVariants(bytes: Buffer, widths: readonly number[]): Promise<EncodedVariant[]> {
  const sharp = await loadSharp();
  // Read top to bottom in strips: the shrink never needs the whole photo in memory.
  const widest = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
    .rotate() // a stored photo is already upright; this only guards a file put there by hand
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = widest.info;
  const encoded = [];
  for (const width of [...widths].sort((a, b) => a - b)) {
    const { data, info } = await sharp(widest.data, { raw: { width: w, height: h, channels } })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    encoded.push({ width: info.width, height: info.height, data });
  }
  return encoded;
}

/**
 * The variants a stored photo is missing, made from its stored file: for every
 * path that writes a photo after the fact (a cut-out, a restored original, the
 * backfill). `have` are the widths it already has.
 */
export async function generateVariants(
  storage: MediaStorage,
  path: string,
  image: { width: number; have?: readonly number[] },
): Promise<StoredVariant[]> {
  const missing = variantWidthsFor(image.width).filter((w) => !image.have?.includes(w));
  if (missing.length === 0) return [];
  return storeVariants(storage, await storage.read(path), missing);
}
