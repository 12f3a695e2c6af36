import { type Kysely, sql } from 'kysely';

// The storefront's change triggers come from one table (issue 35 item 4): which
// item columns the storefront reads, and which dimensions of 0024 a change of
// each one touches. Until now the columns were spelled by hand inside
// bump_catalogue_version(), and nothing failed when a column the storefront
// started to show was missing there: lists filtered or sorted by it would have
// been kept after it changed.
//
// ITEM_COLUMNS is that table and bump_catalogue_version() is generated from it.
// src/modules/storefront/visible-columns.ts names the newest such table; its test
// fails when a column the storefront's own queries read is not in it, or when the
// installed function is not the one generated from it. A migration that makes the
// storefront read another column exports a new table (this one plus the column)
// and regenerates the function with `scopeTrigger`; this file stays as it is
// (migrations are frozen in time).
//
// Every row visible before or after an UPDATE is named by id whatever changed, so
// a column mapped to no dimension (price_source, sold_at) still reaches its item's
// page and every list showing it; the dimensions say which lists that do NOT show
// the item may change (filters, orders, facets).

/** What a catalogue change may alter (0024; catalogue-version.ts DIMENSIONS). */
export type Dimension = 'visibility' | 'price' | 'status' | 'category' | 'tags' | 'text';
/** 0024's dimensions, in its order; a later migration may add to them (0090: condition). */
export const DIMENSION_ORDER: readonly string[] = [
  'visibility',
  'price',
  'status',
  'category',
  'tags',
  'text',
];

export type ColumnTable = Readonly<Record<string, readonly string[]>>;

/**
 * Each item column the storefront reads, with the dimensions a change of it
 * touches on a row visible before and after. `visibility` also changes, whatever
 * the columns, when a row becomes or stops being pending.
 */
export const ITEM_COLUMNS: ColumnTable = {
  id: [],
  title: ['text'],
  description: ['text'],
  search_vector: ['text'],
  status: ['status'],
  price_cents: ['price'],
  price_source: [],
  // The newest order's key is coalesce(published_at, created_at).
  created_at: ['visibility'],
  published_at: ['visibility'],
  sold_at: [],
  category_id: ['category'],
  category_path: ['category'],
  tag_ids: ['tags'],
};

const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;

/** The test of one dimension over a pair of old and new rows, from `columns`. */
function changedIn(dim: string, columns: ColumnTable): string {
  const mapped = Object.keys(columns).filter((column) => columns[column]!.includes(dim));
  for (const column of mapped) {
    if (!COLUMN_NAME.test(column)) throw new Error(`not a column name: ${column}`);
  }
  const differs = mapped.map((column) => `o.${column} IS DISTINCT FROM n.${column}`).join(' OR ');
  const bothVisible = differs
    ? `(o.status <> 'pending' AND n.status <> 'pending' AND (${differs}))`
    : 'false';
  return dim === 'visibility'
    ? `coalesce(bool_or((o.status = 'pending') <> (n.status = 'pending') OR ${bothVisible}), false)`
    : `coalesce(bool_or(${bothVisible}), false)`;
}

/**
 * The text of bump_catalogue_version() for a table of item columns: 0024's
 * function with its items UPDATE branch generated. The other tables keep 0024's
 * rules: a created or deleted visible item is `visibility`; images and tag links
 * name their items (a link also rewrites items.tag_ids, announced by that UPDATE);
 * a new tag is `tags`; any other tag or category change is everything.
 */
export function scopeTrigger(
  columns: ColumnTable,
  dimensions: readonly string[] = DIMENSION_ORDER,
): string {
  for (const dim of dimensions) {
    if (!COLUMN_NAME.test(dim)) throw new Error(`not a dimension name: ${dim}`);
  }
  for (const [column, dims] of Object.entries(columns)) {
    const unknown = dims.filter((dim) => !dimensions.includes(dim));
    if (unknown.length)
      throw new Error(`${column} names unknown dimensions: ${unknown.join(', ')}`);
  }
  const flags = dimensions.map((dim) => `changed_${dim}`);
  return `
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      everything boolean := false;
      dims text[] := '{}';
      ids integer[] := '{}';
      paired bigint;
${flags.map((flag) => `      ${flag} boolean;\n`).join('')}    BEGIN
      IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
        RETURN NULL;
      END IF;
      INSERT INTO catalogue_changes DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
      IF TG_TABLE_NAME = 'items' AND TG_OP = 'UPDATE' THEN
        SELECT count(*),
${dimensions.map((dim) => `          ${changedIn(dim, columns)},\n`).join('')}          coalesce(array_agg(n.id) FILTER (WHERE o.status <> 'pending' OR n.status <> 'pending'), '{}')
        INTO paired, ${flags.join(', ')}, ids
        FROM old_rows o JOIN changed_rows n ON n.id = o.id;
        -- An id that changed cannot be paired with its old row: say everything.
        everything := paired <> (SELECT count(*) FROM changed_rows);
        dims := array_remove(ARRAY[
${dimensions.map((dim) => `          CASE WHEN changed_${dim} THEN '${dim}' END`).join(',\n')}], NULL);
      ELSIF TG_TABLE_NAME = 'items' THEN
        -- A created or deleted row: only a visible one changes what the storefront shows.
        ids := ARRAY(SELECT id FROM changed_rows WHERE status <> 'pending');
        IF cardinality(ids) > 0 THEN
          dims := ARRAY['visibility'];
        END IF;
      ELSIF TG_TABLE_NAME IN ('item_images', 'item_tags') THEN
        IF TG_OP = 'UPDATE' THEN
          ids := ARRAY(SELECT item_id FROM changed_rows UNION SELECT item_id FROM old_rows);
        ELSE
          ids := ARRAY(SELECT DISTINCT item_id FROM changed_rows);
        END IF;
      ELSIF TG_TABLE_NAME = 'tags' AND TG_OP = 'INSERT' THEN
        dims := ARRAY['tags'];
      ELSE
        everything := true;
      END IF;
      PERFORM note_catalogue_scope(everything, dims, ids);
      RETURN NULL;
    END $$`;
}

// bump_catalogue_version() exactly as 0024 wrote it.
const WRITTEN_BY_0024 = `
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
      new_text boolean;
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
              OR o.search_vector IS DISTINCT FROM n.search_vector)), false),
          coalesce(array_agg(n.id) FILTER (WHERE o.status <> 'pending' OR n.status <> 'pending'), '{}')
        INTO paired, new_visibility, new_price, new_status, new_category, new_tags, new_text, ids
        FROM old_rows o JOIN changed_rows n ON n.id = o.id;
        -- An id that changed cannot be paired with its old row: say everything.
        everything := paired <> (SELECT count(*) FROM changed_rows);
        dims := array_remove(ARRAY[
          CASE WHEN new_visibility THEN 'visibility' END, CASE WHEN new_price THEN 'price' END,
          CASE WHEN new_status THEN 'status' END, CASE WHEN new_category THEN 'category' END,
          CASE WHEN new_tags THEN 'tags' END, CASE WHEN new_text THEN 'text' END], NULL);
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
    END $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(scopeTrigger(ITEM_COLUMNS)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(WRITTEN_BY_0024).execute(db);
}
