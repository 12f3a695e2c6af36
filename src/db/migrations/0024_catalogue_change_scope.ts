import { type Kysely, sql } from 'kysely';

// Each catalogue commit says WHAT it changed, so an instance throws away only the
// answers that could show the change (issue 19). Until now a cart add, a sweep or
// an edit of a draft nobody can see invalidated every cached list and item.
//
// Each statement trigger of 0011 adds its statement's scope to two
// transaction-local settings (set_config(..., true): no row is written, nothing
// is locked, and a rolled-back savepoint rolls its part back with its data).
// The commit trigger of 0014 announces them with the version, on a channel of
// their own (catalogue_version keeps announcing `<epoch>:<version>` as before,
// right after, so an instance still running older code during a rolling deploy
// keeps hearing every write):
//
//   NOTIFY catalogue_changes, '<epoch>:<version>:<dimensions>:<item ids>'
//
// dimensions: `*` (anything may have changed) or a comma list of
//   visibility  a row became or stopped being pending, was created or deleted
//               visible, or moved in the newest order (every list, filters)
//   price       a visible row's price (price-sorted or -filtered lists, bounds)
//   status      available/reserved/sold of a visible row (status-filtered lists)
//   category    a visible row's category (category-filtered lists)
//   tags        a visible row's tags, or a new tag (tag-filtered lists, counts)
//   text        a visible row's title or description (lists with q)
// item ids: every row visible before or after the statement, and the items whose
// images or tag links changed (their pages and the lists that show them).
// A row pending before and after changes nothing the storefront shows (intake
// and draft edits). A tag edit or delete and any category change is `*` (their
// names are in every body). Past 500 ids the scope becomes `*`, which keeps the
// payload far under NOTIFY's 8,000 bytes.

const SCOPED_UPDATES = ['items', 'item_images', 'item_tags'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION note_catalogue_scope(everything boolean, dims text[], ids integer[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      kept_dims text := coalesce(current_setting('shop.catalogue_dims', true), '');
      merged integer[];
    BEGIN
      -- The scope was kept: a commit without this (a row of catalogue_changes written
      -- by hand, or by a writer these triggers do not see) announces everything.
      PERFORM set_config('shop.catalogue_scoped', 'on', true);
      IF kept_dims = '*' THEN
        RETURN;
      END IF;
      IF NOT everything AND cardinality(ids) > 0 THEN
        merged := ARRAY(
          SELECT DISTINCT id FROM unnest(
            string_to_array(coalesce(current_setting('shop.catalogue_ids', true), ''), ',')::integer[]
            || ids) AS id
          ORDER BY id);
        everything := cardinality(merged) > 500;
      END IF;
      IF everything THEN
        PERFORM set_config('shop.catalogue_dims', '*', true);
        PERFORM set_config('shop.catalogue_ids', '', true);
        RETURN;
      END IF;
      IF cardinality(dims) > 0 THEN
        PERFORM set_config('shop.catalogue_dims', array_to_string(ARRAY(
          SELECT DISTINCT dim FROM unnest(string_to_array(kept_dims, ',') || dims) AS dim
          ORDER BY dim), ','), true);
      END IF;
      IF merged IS NOT NULL THEN
        PERFORM set_config('shop.catalogue_ids', array_to_string(merged, ','), true);
      END IF;
    END $$`.execute(db);

  // Still once per statement that changed rows; the catalogue_changes row is as in 0014.
  await sql`
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
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION number_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      numbered bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock('catalogue_changes'::regclass::oid::integer, 0);
      numbered := nextval('catalogue_version_seq');
      UPDATE catalogue_changes SET version = numbered WHERE txid = NEW.txid;
      -- Older rows are done with. Under REPEATABLE READ a row deleted by a commit
      -- newer than this snapshot would fail this one: leave them to the next writer.
      IF current_setting('transaction_isolation') = 'read committed' THEN
        DELETE FROM catalogue_changes WHERE version < numbered;
      END IF;
      -- The scoped announcement first: a listener hears both in this order, and
      -- takes the plain one (for instances still running older code) as heard.
      IF current_setting('shop.catalogue_scoped', true) = 'on' THEN
        PERFORM pg_notify('catalogue_changes', concat_ws(':', catalogue_epoch(), numbered,
          coalesce(current_setting('shop.catalogue_dims', true), ''),
          coalesce(current_setting('shop.catalogue_ids', true), '')));
      ELSE
        PERFORM pg_notify('catalogue_changes', concat_ws(':', catalogue_epoch(), numbered, '*', ''));
      END IF;
      PERFORM pg_notify('catalogue_version', catalogue_epoch() || ':' || numbered);
      RETURN NULL;
    END $$`.execute(db);

  // UPDATE triggers see the rows as they were, too (0011 gave them only the new rows).
  for (const table of SCOPED_UPDATES) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_update_bumps_catalogue`)} ON ${sql.table(table)}`.execute(
      db,
    );
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_update_bumps_catalogue`)}
      AFTER UPDATE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...SCOPED_UPDATES].reverse()) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_update_bumps_catalogue`)} ON ${sql.table(table)}`.execute(
      db,
    );
    await sql`
        CREATE TRIGGER ${sql.raw(`${table}_update_bumps_catalogue`)}
        AFTER UPDATE ON ${sql.table(table)}
        REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
  }
  // The bodies exactly as 0014 left them.
  await sql`
    CREATE OR REPLACE FUNCTION number_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      numbered bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock('catalogue_changes'::regclass::oid::integer, 0);
      numbered := nextval('catalogue_version_seq');
      UPDATE catalogue_changes SET version = numbered WHERE txid = NEW.txid;
      -- Older rows are done with. Under REPEATABLE READ a row deleted by a commit
      -- newer than this snapshot would fail this one: leave them to the next writer.
      IF current_setting('transaction_isolation') = 'read committed' THEN
        DELETE FROM catalogue_changes WHERE version < numbered;
      END IF;
      PERFORM pg_notify('catalogue_version', catalogue_epoch() || ':' || numbered);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        INSERT INTO catalogue_changes DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP FUNCTION note_catalogue_scope(boolean, text[], integer[])`.execute(db);
}
