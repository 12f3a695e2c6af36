import type { Db } from '../db/database.js';
import type { StoredVariant } from '../db/schema.js';
import { generateVariants, variantWidthsFor } from './image-variants.js';
import type { MediaStorage } from './storage.js';
import { variantsRepository } from './variants.repository.js';

const byWidth = (a: StoredVariant, b: StoredVariant) => a.width - b.width;

/**
 * Makes the variants of a photo that has just been put in place of another (a
 * restored original) and attaches them. When the row moved on meanwhile, the new
 * files are removed again. The image keeps working without them (its `url`), so
 * a failure here is reported, not raised: the backfill can fill it later.
 */
export async function attachFreshVariants(
  db: Db,
  storage: MediaStorage,
  image: { id: number; path: string; width: number },
): Promise<{ attached: boolean; error?: unknown }> {
  let variants: StoredVariant[] = [];
  try {
    variants = await generateVariants(storage, image.path, { width: image.width });
    if (await variantsRepository(db).attach(image.id, image.path, [], variants))
      return { attached: true };
    await storage.remove(variants.map((variant) => variant.path));
    return { attached: false };
  } catch (error) {
    await storage.remove(variants.map((variant) => variant.path)).catch(() => {});
    return { attached: false, error };
  }
}

export interface BackfillReport {
  /** Images that got the variants they were missing. */
  filled: number;
  /** Variant files written (a photo stored for several items is resized once). */
  files: number;
  /** Images whose photo could not be read or resized; they keep their `url` only. */
  failed: Array<{ id: number; path: string; reason: string }>;
}

/**
 * Gives every stored image the variants its width calls for and it does not
 * have yet (npm run media:variants). Safe to re-run and to run beside the shop:
 * an image that is complete is not read, each write is guarded by the photo and
 * the variants it was read with, and files that end up attached to nothing are removed.
 */
export async function backfillVariants(
  db: Db,
  storage: MediaStorage,
  options: { batchSize?: number; progress?: (report: BackfillReport) => void } = {},
): Promise<BackfillReport> {
  const repository = variantsRepository(db);
  const batchSize = options.batchSize ?? 100;
  const report: BackfillReport = { filled: 0, files: 0, failed: [] };
  // Seeded catalogues share a few photos among many items: resize each photo once.
  const madeFor = new Map<string, Map<number, StoredVariant>>();
  const attached = new Set<string>();
  let afterId = 0;

  try {
    for (;;) {
      const images = await repository.missing(afterId, batchSize);
      if (images.length === 0) break;
      for (const image of images) {
        afterId = image.id;
        const have = image.variants.map((variant) => variant.width);
        const missing = variantWidthsFor(image.width).filter((width) => !have.includes(width));
        const made = madeFor.get(image.path) ?? new Map<number, StoredVariant>();
        madeFor.set(image.path, made);
        const toMake = missing.filter((width) => !made.has(width));
        try {
          const fresh = await generateVariants(storage, image.path, {
            width: image.width,
            have: variantWidthsFor(image.width).filter((width) => !toMake.includes(width)),
          });
          report.files += fresh.length;
          for (const variant of fresh) made.set(variant.width, variant);
        } catch (error) {
          report.failed.push({
            id: image.id,
            path: image.path,
            reason: error instanceof Error ? error.message : String(error),
          });
          continue;
        }
        const added = missing.map((width) => made.get(width)!);
        const variants = [...image.variants, ...added].sort(byWidth);
        if (await repository.attach(image.id, image.path, image.variants, variants)) {
          report.filled++;
          for (const variant of added) attached.add(variant.path);
        }
      }
      options.progress?.(report);
    }
  } finally {
    // Made but attached to nothing (the row changed while we worked, or we stopped).
    const unused = [...madeFor.values()]
      .flatMap((made) => [...made.values()])
      .map((variant) => variant.path)
      .filter((path) => !attached.has(path));
    await storage.remove(unused);
  }
  return report;
}
