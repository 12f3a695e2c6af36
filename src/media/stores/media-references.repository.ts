import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Which of these stored names a row still points at: a photo, its original
 * before a cut-out, one of its list-size variants, or the picture an order line
 * keeps of what was bought (an order shows it after the item changed or went),
 * or the shop's logo (issue 33).
 * Any new table that keeps a media path must be added here, or its files would
 * be removed while it shows them: this is what media-deletion.ts decides by.
 */
export async function referencedAmong(db: Db, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const list = sql.join(paths.map((p) => sql`${p}`));
  const { rows } = await sql<{ path: string }>`
    SELECT path FROM item_images WHERE path IN (${list})
    UNION
    SELECT original_image_path FROM item_images WHERE original_image_path IN (${list})
    UNION
    SELECT v.value->>'path' FROM item_images, jsonb_array_elements(item_images.variants) AS v
      WHERE v.value->>'path' IN (${list})
    UNION
    SELECT image_path FROM order_lines WHERE image_path IN (${list})
    UNION
    SELECT logo_path FROM shop_settings WHERE logo_path IN (${list})
  `.execute(db);
  return new Set(rows.map((row) => row.path));
}
