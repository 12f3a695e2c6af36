import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { StoredVariant } from '../db/schema.js';
import { VARIANT_WIDTHS } from './image-variants.js';

/** How many variants an image of this width should have, as SQL (mirrors variantWidthsFor). */
const EXPECTED_COUNT = sql.raw(
  `(${VARIANT_WIDTHS.map((width) => `(CASE WHEN im.width > ${width} THEN 1 ELSE 0 END)`).join(' + ')})`,
);

export interface ImageNeedingVariants {
  id: number;
  path: string;
  width: number;
  variants: StoredVariant[];
}

/** The variants column of item_images: read for the backfill, written after a photo changed. */
export function variantsRepository(db: Db) {
  return {
    /**
     * Sets an image's variants, but only while it still shows the photo they were
     * made from: a photo replaced meanwhile (a restore, a new cut-out) keeps its own.
     * False when nothing was written (the caller then removes the files it made).
     */
    async attach(
      imageId: number,
      photoPath: string,
      previous: readonly StoredVariant[],
      variants: readonly StoredVariant[],
    ): Promise<boolean> {
      const result = await db
        .updateTable('item_images')
        .set({ variants: JSON.stringify(variants) })
        .where('id', '=', imageId)
        .where('path', '=', photoPath)
        .where(sql<boolean>`variants = ${JSON.stringify(previous)}::jsonb`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Images with fewer variants than their width calls for, in id order after `afterId`. */
    missing(afterId: number, limit: number): Promise<ImageNeedingVariants[]> {
      return db
        .selectFrom('item_images as im')
        .select(['im.id', 'im.path', 'im.width', 'im.variants'])
        .where('im.id', '>', afterId)
        .where(sql<boolean>`jsonb_array_length(im.variants) < ${EXPECTED_COUNT}`)
        .orderBy('im.id')
        .limit(limit)
        .execute();
    },
  };
}
