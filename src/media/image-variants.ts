import sharp from 'sharp';
import type { StoredVariant } from '../db/schema.js';
import { imageDecodeSlots } from './decode-slots.js';
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

/**
 * Makes and stores the given widths of a photo, narrowest first. If any step
 * fails, the variants already stored are removed before the error is raised, so
 * a caller only ever has to clean up what it was given back.
 */
export async function storeVariants(
  storage: MediaStorage,
  bytes: Buffer,
  widths: readonly number[],
): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = [];
  if (widths.length === 0) return stored;
  try {
    const encoded = await imageDecodeSlots.run(() => encodeVariants(bytes, widths));
    // Written after the slot is given back: storage waits on the disk, not the CPU.
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

/**
 * The photo is decoded once, to the widest size asked (JPEG shrink-on-load makes that
 * cheap), and the narrower ones are made from those pixels: a 12 MP photo is not
 * decoded again for every width. Runs inside a decode slot (issue: bounded image work).
 */
async function encodeVariants(
  bytes: Buffer,
  widths: readonly number[],
): Promise<Array<{ width: number; height: number; data: Buffer }>> {
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
