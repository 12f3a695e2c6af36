import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { StoredVariant } from '../../../db/schema.js';

/** A photo written to storage and not yet recorded. */
export interface NewPhoto {
  path: string;
  width: number;
  height: number;
  variants: StoredVariant[];
}

/** The files behind one image row: what must go when the row goes. */
export interface ImageFiles {
  path: string;
  original_image_path: string | null;
  variants: StoredVariant[];
}

export const filesOf = (images: readonly ImageFiles[]): string[] =>
  images.flatMap((image) => [
    image.path,
    ...(image.original_image_path ? [image.original_image_path] : []),
    ...image.variants.map((variant) => variant.path),
  ]);

/**
 * SQL of an item's photos. Every write first locks the item row, so photo
 * changes of one item happen one after another (and a deleted item takes no
 * new photos: its row is gone before the lock is granted).
 */
export function itemPhotosRepository(db: Db) {
  return {
    async exists(itemId: number): Promise<boolean> {
      const row = await db
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Locks the item; the ids of its images in order, or undefined when there is no item. */
    async lockItem(trx: Db, itemId: number): Promise<number[] | undefined> {
      const item = await trx
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .forUpdate()
        .executeTakeFirst();
      if (!item) return undefined;
      const images = await trx
        .selectFrom('item_images')
        .select('id')
        .where('item_id', '=', itemId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return images.map((image) => image.id);
    },

    /** Appends photos after the last one (the caller holds the item lock). */
    async append(trx: Db, itemId: number, firstPosition: number, photos: NewPhoto[]) {
      await trx
        .insertInto('item_images')
        .values(
          photos.map((photo, i) => ({
            item_id: itemId,
            path: photo.path,
            width: photo.width,
            height: photo.height,
            variants: JSON.stringify(photo.variants),
            position: firstPosition + i,
          })),
        )
        .execute();
    },

    /** Removes one image row of this item; its files, or undefined when it is not this item's. */
    async remove(trx: Db, itemId: number, imageId: number): Promise<ImageFiles | undefined> {
      return trx
        .deleteFrom('item_images')
        .where('id', '=', imageId)
        .where('item_id', '=', itemId)
        .returning(['path', 'original_image_path', 'variants'])
        .executeTakeFirst();
    },

    /** Positions 0..n-1 in the given order (the caller checked it names every image once). */
    async reorder(trx: Db, itemId: number, imageIds: number[]): Promise<void> {
      // ORDINALITY counts from 1; positions count from 0.
      await sql`
        UPDATE item_images AS im SET position = ordered.n - 1
        FROM unnest(${sql.val(imageIds)}::int[]) WITH ORDINALITY AS ordered(id, n)
        WHERE im.id = ordered.id AND im.item_id = ${itemId}
          AND im.position IS DISTINCT FROM ordered.n - 1`.execute(trx);
    },

    /**
     * Puts a new photo in place of one image (same position); the files it
     * replaced (its photo, any original, their variants), or undefined when the
     * image is not this item's.
     */
    async replace(
      trx: Db,
      itemId: number,
      imageId: number,
      photo: NewPhoto,
    ): Promise<ImageFiles | undefined> {
      const { rows } = await sql<ImageFiles>`
        UPDATE item_images AS im
        SET path = ${photo.path}, original_image_path = NULL, width = ${photo.width},
            height = ${photo.height}, variants = ${JSON.stringify(photo.variants)}::jsonb
        FROM item_images AS before
        WHERE im.id = ${imageId} AND im.item_id = ${itemId} AND before.id = im.id
        RETURNING before.path, before.original_image_path, before.variants`.execute(trx);
      return rows[0];
    },

    /** The files of every image of an item (before the item goes; the caller holds its lock). */
    filesOfItem(trx: Db, itemId: number): Promise<ImageFiles[]> {
      return trx
        .selectFrom('item_images')
        .select(['path', 'original_image_path', 'variants'])
        .where('item_id', '=', itemId)
        .execute();
    },
  };
}
