import { type Kysely, sql } from 'kysely';

// Issue 34 item 1: what an owner says of a piece beyond its title and price, and what
// the storefront filters by.
// - items.weight_grams, width_mm, height_mm, depth_mm: each null until known; a parcel's
//   weight (shipping) is the sum of its items'. Bounded so a typo cannot store 10 t.
// - items.condition: one of five words or null; items.condition_note: the owner's words.
// - The catalogue's change announcement (0024) gains the `condition` dimension: a visible
//   row whose condition changed, so every instance drops its condition-filtered lists
//   (its in-memory index reads the row again by id, as for any visible change).

const CONDITIONS = "'new', 'like_new', 'good', 'fair', 'for_parts'";

/** 0024's items-UPDATE scope, with or without the condition dimension. */
function bumpCatalogueVersion(withCondition: boolean) {
  // Each optional part carries its own line break, so without them the body is 0024's
  // text byte for byte (the down step restores exactly what was there).
  const conditionDecl = withCondition ? '\n      new_condition boolean;' : '';
  const conditionAgg = withCondition
    ? `\n          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND o.condition IS DISTINCT FROM n.condition), false),`
    : '';
  const conditionInto = withCondition ? 'new_condition, ' : '';
  const conditionDim = withCondition ? `, CASE WHEN new_condition THEN 'condition' END` : '';
  return sql.raw(`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      everything boolean := false;
      dims text[] := '{}';
      ids integer[] := '{}';
      paired bigint;
      new_visibility boolean;
      new_price boolean;
      new_status boolean;
      new_category boolean;
      new_tags boolean;
      new_text boolean;${conditionDecl}
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
        RETURN NULL;
      END IF;
      INSERT INTO catalogue_changes DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
      IF TG_TABLE_NAME = 'items' AND TG_OP = 'UPDATE' THEN
        SELECT count(*),
          coalesce(bool_or((o.status = 'pending') <> (n.status = 'pending')
            OR (n.status <> 'pending' AND coalesce(o.published_at, o.created_at)
                IS DISTINCT FROM coalesce(n.published_at, n.created_at))), false),
          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND o.price_cents IS DISTINCT FROM n.price_cents), false),
          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND o.status IS DISTINCT FROM n.status), false),
          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND (o.category_id IS DISTINCT FROM n.category_id
              OR o.category_path IS DISTINCT FROM n.category_path)), false),
          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND o.tag_ids IS DISTINCT FROM n.tag_ids), false),
          coalesce(bool_or(o.status <> 'pending' AND n.status <> 'pending'
            AND (o.title IS DISTINCT FROM n.title OR o.description IS DISTINCT FROM n.description
              OR o.search_vector IS DISTINCT FROM n.search_vector)), false),${conditionAgg}
          coalesce(array_agg(n.id) FILTER (WHERE o.status <> 'pending' OR n.status <> 'pending'), '{}')
        INTO paired, new_visibility, new_price, new_status, new_category, new_tags, new_text, ${conditionInto}ids
        FROM old_rows o JOIN changed_rows n ON n.id = o.id;
        -- An id that changed cannot be paired with its old row: say everything.
        everything := paired <> (SELECT count(*) FROM changed_rows);
        dims := array_remove(ARRAY[
          CASE WHEN new_visibility THEN 'visibility' END, CASE WHEN new_price THEN 'price' END,
          CASE WHEN new_status THEN 'status' END, CASE WHEN new_category THEN 'category' END,
          CASE WHEN new_tags THEN 'tags' END, CASE WHEN new_text THEN 'text' END${conditionDim}], NULL);
      ELSIF TG_TABLE_NAME = 'items' THEN
        -- A created or deleted row: only a visible one changes what the storefront shows.
        ids := ARRAY(SELECT id FROM changed_rows WHERE status <> 'pending');
        IF cardinality(ids) > 0 THEN
          dims := ARRAY['visibility'];
        END IF;
      ELSIF TG_TABLE_NAME IN ('item_images', 'item_tags') THEN
        -- Their items' pages and the lists showing them; a tag link also changes
        -- items.tag_ids, whose own statement names the tags dimension.
        IF TG_OP = 'UPDATE' THEN
          ids := ARRAY(SELECT item_id FROM changed_rows UNION SELECT item_id FROM old_rows);
        ELSE
          ids := ARRAY(SELECT DISTINCT item_id FROM changed_rows);
        END IF;
      ELSIF TG_TABLE_NAME = 'tags' AND TG_OP = 'INSERT' THEN
        -- Listed by /api/filters with a count of zero; no item carries it yet.
        dims := ARRAY['tags'];
      ELSE
        everything := true;
      END IF;
      PERFORM note_catalogue_scope(everything, dims, ids);
      RETURN NULL;
    END $$`);
}

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
  await bumpCatalogueVersion(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await bumpCatalogueVersion(false).execute(db);
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
