import { type Kysely, sql } from 'kysely';
import {
  ITEM_COLUMNS as COLUMNS_0081,
  type ColumnTable,
  DIMENSION_ORDER as DIMENSIONS_0081,
  scopeTrigger,
} from './0081_catalogue_scope_from_column_table.js';

// Issue 34 item 1: what an owner says of a piece beyond its title and price, and what
// the storefront filters by.
// - items.weight_grams, width_mm, height_mm, depth_mm: each null until known; a parcel's
//   weight (shipping) is the sum of its items'. Bounded so a typo cannot store 10 t.
// - items.condition: one of five words or null; items.condition_note: the owner's words.
// - The catalogue's change announcement gains the `condition` dimension: a visible row
//   whose condition changed, so every instance drops its condition-filtered lists (its
//   in-memory index reads the row again by id, as for any visible change). The trigger is
//   generated from 0081's table of columns plus these (issue 35 item 4).

const CONDITIONS = "'new', 'like_new', 'good', 'fair', 'for_parts'";

/** 0081's table plus what this migration lets the storefront read: condition filters. */
export const DIMENSIONS: readonly string[] = [...DIMENSIONS_0081, 'condition'];
export const ITEM_COLUMNS: ColumnTable = {
  ...COLUMNS_0081,
  condition: ['condition'],
  condition_note: [],
  weight_grams: [],
  width_mm: [],
  height_mm: [],
  depth_mm: [],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE items
      ADD COLUMN weight_grams integer CHECK (weight_grams BETWEEN 1 AND 1000000),
      ADD COLUMN width_mm integer CHECK (width_mm BETWEEN 1 AND 100000),
      ADD COLUMN height_mm integer CHECK (height_mm BETWEEN 1 AND 100000),
      ADD COLUMN depth_mm integer CHECK (depth_mm BETWEEN 1 AND 100000),
      ADD COLUMN condition text CHECK (condition IN (${sql.raw(CONDITIONS)})),
      ADD COLUMN condition_note text CHECK (char_length(condition_note) <= 500)`.execute(db);
  // The storefront filters visible items by condition; most carry one of five values.
  await sql`CREATE INDEX items_condition_idx ON items (condition) WHERE status <> 'pending'`.execute(
    db,
  );
  await sql.raw(scopeTrigger(ITEM_COLUMNS, DIMENSIONS)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(scopeTrigger(COLUMNS_0081, DIMENSIONS_0081)).execute(db);
  await sql`DROP INDEX items_condition_idx`.execute(db);
  await sql`
    ALTER TABLE items
      DROP COLUMN condition_note,
      DROP COLUMN condition,
      DROP COLUMN depth_mm,
      DROP COLUMN height_mm,
      DROP COLUMN width_mm,
      DROP COLUMN weight_grams`.execute(db);
}
