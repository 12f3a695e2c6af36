import { type Kysely, sql } from 'kysely';
import {
  type ColumnTable,
  scopeTrigger as scopeTrigger0081,
} from './0081_catalogue_scope_from_column_table.js';
import { DIMENSIONS, ITEM_COLUMNS } from './0090_item_details.js';

// A tag or category edit says what it touched (issue 35 item 2). Until now any tag
// edit or delete and any category change announced everything, and every instance
// loaded its whole storefront index again (at 1M items seconds of blocked event
// loop) for a rename.
//
// What each one changes, and what now says so:
// - tags: /api/filters' list, every item's tag names and slugs (tag-names.ts, the
//   index's slug map): the `tags` dimension. A renamed tag's visible items show its
//   name and slug in their JSON: named by id. A deleted tag's links go by cascade,
//   whose own statements name its items (item_tags, then items.tag_ids).
// - categories: the tree (/api/filters): the `category` dimension. An item shows
//   only its own category's name and slug, so a rename names the visible items
//   directly in it. A move rewrites the subtree's paths (0023's category_moved),
//   and that items UPDATE names them with `category` as any path change does.
//   A deleted category has no items (its foreign keys refuse), a new one none yet.
// Neither names feed search: search_vector is title and description only (0026).
//
// Past 0024's bound of ids the scope is everything, as for any statement: at most
// one id more than the bound is read to find that out.
//
// A renamed tag is locked as a delete would lock it before its items are read:
// a link being added to it commits first (its item is then read here) or waits
// until the rename has committed (its item is then announced after it). A
// category needs no such lock: an item joining it reads its path FOR SHARE
// (0023), which a rename's row lock already waits for or holds off.

/** 0024's note_catalogue_scope: past this many ids a scope is `*`. */
const MAX_IDS = 500;

const FROM_0081 = `
      ELSIF TG_TABLE_NAME = 'tags' AND TG_OP = 'INSERT' THEN
        dims := ARRAY['tags'];
      ELSE`;

const TAGS_AND_CATEGORIES = `
      ELSIF TG_TABLE_NAME = 'tags' THEN
        dims := ARRAY['tags'];
        IF TG_OP = 'UPDATE' THEN
          PERFORM 1 FROM tags WHERE id IN (SELECT id FROM changed_rows) ORDER BY id FOR UPDATE;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          ids := ARRAY(SELECT id FROM items WHERE status <> 'pending'
            AND tag_ids && ARRAY(SELECT id FROM changed_rows) LIMIT ${MAX_IDS + 1});
        END IF;
      ELSIF TG_TABLE_NAME = 'categories' THEN
        dims := ARRAY['category'];
        IF TG_OP <> 'INSERT' THEN
          ids := ARRAY(SELECT id FROM items WHERE status <> 'pending'
            AND category_id IN (SELECT id FROM changed_rows) LIMIT ${MAX_IDS + 1});
        END IF;
      ELSE`;

/**
 * The text of bump_catalogue_version(): 0081's, generated from a table of item
 * columns, with tag and category changes scoped as above instead of everything.
 */
export function scopeTrigger(columns: ColumnTable, dimensions: readonly string[]): string {
  const older = scopeTrigger0081(columns, dimensions);
  const at = older.indexOf(FROM_0081);
  if (at < 0 || older.indexOf(FROM_0081, at + 1) >= 0)
    throw new Error("0081's tag and category branch is not where it was");
  return older.slice(0, at) + TAGS_AND_CATEGORIES + older.slice(at + FROM_0081.length);
}

/** The storefront's tables as 0090 left them; this migration changes only the other tables' branch. */
export { DIMENSIONS, ITEM_COLUMNS };

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(scopeTrigger(ITEM_COLUMNS, DIMENSIONS)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(scopeTrigger0081(ITEM_COLUMNS, DIMENSIONS)).execute(db);
}
