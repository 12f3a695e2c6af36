import type { Db } from '../../src/db/database.js';

/** Every stored name the rows of an item's images point at (photo, original, variants), sorted. */
export async function storedNamesOfItem(db: Db, itemId: number): Promise<string[]> {
  const images = await db
    .selectFrom('item_images')
    .select(['path', 'original_image_path', 'variants'])
    .where('item_id', '=', itemId)
    .execute();
  return images
    .flatMap((image) => [
      image.path,
      ...(image.original_image_path ? [image.original_image_path] : []),
      ...image.variants.map((variant) => variant.path),
    ])
    .sort();
}

/** What a list of keys became: the keys added and the keys removed, each sorted. */
export function keyChanges(before: readonly string[], after: readonly string[]) {
  return {
    added: after.filter((key) => !before.includes(key)).sort(),
    removed: before.filter((key) => !after.includes(key)).sort(),
  };
}
