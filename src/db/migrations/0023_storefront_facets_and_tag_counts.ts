import { type Kysely, sql } from 'kysely';

// What an uncached storefront read needs, kept by the writes themselves (in the
// writing transaction, by triggers, so every writer — admin, intake, commerce,
// seeds — keeps it right without knowing about it):
//
// - categories.path: the ids from the root down to the category itself. Items
//   carry a copy (items.category_path), so "this category and everything
//   beneath it" is one indexed predicate: category_path @> ARRAY[id].
// - items.tag_ids: the item's tag ids, sorted, so "carries every listed tag" is
//   tag_ids @> ARRAY[...], served together with the category by one GIN index.
// - items.search_vector: the text-search vector stored, so a scan in listing
//   order can test it without re-parsing title and description on every row.
// - tag_counts: per tag, how many non-pending items carry it (spec 4.2 filters
//   1-2), changed by deltas. Only a change of pending-ness, of an item's tags or
//   a delete touches it, and then only the rows of the tags concerned, in tag id
//   order (no deadlock between two statements), locked until the writer
//   commits. Cart adds, releases, sales and price edits never touch it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE categories ADD COLUMN path integer[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    WITH RECURSIVE tree(id, path) AS (
      SELECT id, ARRAY[id] FROM categories WHERE parent_id IS NULL
      UNION ALL
      SELECT c.id, tree.path || c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
    UPDATE categories c SET path = tree.path FROM tree WHERE tree.id = c.id`.execute(db);

  await sql`
    ALTER TABLE items
      ADD COLUMN category_path integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN tag_ids integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN search_vector tsvector
        GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED`.execute(
    db,
  );
  await sql`
    UPDATE items i SET category_path = c.path FROM categories c WHERE c.id = i.category_id`.execute(
    db,
  );
  await sql`
    UPDATE items i SET tag_ids = x.ids
    FROM (SELECT item_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM item_tags GROUP BY item_id) x
    WHERE x.item_id = i.id`.execute(db);

  await sql`
    CREATE TABLE tag_counts (
      tag_id integer PRIMARY KEY REFERENCES tags (id) ON DELETE CASCADE,
      items integer NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO tag_counts (tag_id, items)
    SELECT tag_id, count(*) FROM items, unnest(tag_ids) AS tag_id
    WHERE status <> 'pending' GROUP BY tag_id`.execute(db);
  // Every tag has its row from the start (zero), so a writer can lock the rows it is
  // about to change, in tag id order, before it changes any (see replaceTags).
  await sql`
    INSERT INTO tag_counts (tag_id, items) SELECT id, 0 FROM tags
    ON CONFLICT (tag_id) DO NOTHING`.execute(db);
  await sql`
    CREATE FUNCTION tag_counts_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO tag_counts (tag_id, items) VALUES (NEW.id, 0) ON CONFLICT (tag_id) DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER tags_insert_counts_row AFTER INSERT ON tags
    FOR EACH ROW EXECUTE FUNCTION tag_counts_row()`.execute(db);

  // A category's path follows its parent; a move carries its subtree and their items along.
  // The path is read FOR SHARE: a move that has rewritten it but not yet committed is
  // waited for, so its new path is copied, never the one it replaced (a plain read
  // would copy the old path after the move's own rewrite had already passed by).
  await sql`
    CREATE FUNCTION category_path_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.path := coalesce(
        (SELECT path FROM categories WHERE id = NEW.parent_id FOR SHARE), '{}') || NEW.id;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER categories_path_from_parent BEFORE INSERT OR UPDATE OF parent_id ON categories
    FOR EACH ROW EXECUTE FUNCTION category_path_from_parent()`.execute(db);
  await sql`
    CREATE FUNCTION category_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE categories SET path = NEW.path || path[array_position(path, NEW.id) + 1:]
      WHERE path @> ARRAY[NEW.id] AND id <> NEW.id;
      UPDATE items i SET category_path = c.path
      FROM categories c WHERE c.id = i.category_id AND c.path @> ARRAY[NEW.id];
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER categories_moved AFTER UPDATE OF parent_id ON categories
    FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
    EXECUTE FUNCTION category_moved()`.execute(db);

  await sql`
    CREATE FUNCTION item_category_path() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.category_path := coalesce(
        (SELECT path FROM categories WHERE id = NEW.category_id FOR SHARE), '{}');
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_category_path BEFORE INSERT OR UPDATE OF category_id ON items
    FOR EACH ROW EXECUTE FUNCTION item_category_path()`.execute(db);

  // Once per item_tags statement: the touched items' tag_ids from their links now.
  // An item being deleted is already gone, so its cascade changes nothing here.
  // The items are locked first, in id order: the UPDATE after it then runs on a
  // snapshot taken once any other writer of their links has committed, so two
  // concurrent tag deletes on one item cannot each keep the other's tag.
  await sql`
    CREATE FUNCTION item_tag_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        PERFORM 1 FROM items WHERE id IN (SELECT item_id FROM changed_rows UNION SELECT item_id FROM old_rows)
        ORDER BY id FOR NO KEY UPDATE;
      ELSE
        PERFORM 1 FROM items WHERE id IN (SELECT item_id FROM changed_rows) ORDER BY id FOR NO KEY UPDATE;
      END IF;
      UPDATE items i
      SET tag_ids = coalesce(
        (SELECT array_agg(it.tag_id ORDER BY it.tag_id) FROM item_tags it WHERE it.item_id = i.id), '{}')
      WHERE i.id IN (SELECT item_id FROM changed_rows);
      IF TG_OP = 'UPDATE' THEN
        UPDATE items i
        SET tag_ids = coalesce(
          (SELECT array_agg(it.tag_id ORDER BY it.tag_id) FROM item_tags it WHERE it.item_id = i.id), '{}')
        WHERE i.id IN (SELECT item_id FROM old_rows);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER item_tags_insert_refreshes_item AFTER INSERT ON item_tags
    REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION item_tag_ids_refresh()`.execute(db);
  await sql`
    CREATE TRIGGER item_tags_update_refreshes_item AFTER UPDATE ON item_tags
    REFERENCING NEW TABLE AS changed_rows OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION item_tag_ids_refresh()`.execute(db);
  await sql`
    CREATE TRIGGER item_tags_delete_refreshes_item AFTER DELETE ON item_tags
    REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION item_tag_ids_refresh()`.execute(db);

  // Deltas per tag, netted over the statement: zero-sum changes lock nothing.
  // A tag deleted in this transaction is no longer visible, so it is skipped.
  // (No CHECK (items >= 0) on the table: PostgreSQL checks the proposed row of
  // an upsert before it finds the conflict, so a decrement would fail it.)
  await sql`
    CREATE FUNCTION apply_tag_count_deltas(added integer[], removed integer[]) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO tag_counts AS tc (tag_id, items)
      SELECT d.tag_id, d.delta
      FROM (SELECT tag_id, sum(delta)::int AS delta
            FROM (SELECT unnest(added) AS tag_id, 1 AS delta
                  UNION ALL SELECT unnest(removed), -1) x
            GROUP BY tag_id) d
      WHERE d.delta <> 0 AND EXISTS (SELECT 1 FROM tags t WHERE t.id = d.tag_id)
      ORDER BY d.tag_id
      ON CONFLICT (tag_id) DO UPDATE SET items = tc.items + EXCLUDED.items
    $$`.execute(db);
  await sql`
    CREATE FUNCTION count_listed_tags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM apply_tag_count_deltas(
          ARRAY(SELECT unnest(tag_ids) FROM new_rows WHERE status <> 'pending'), '{}');
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM apply_tag_count_deltas(
          '{}', ARRAY(SELECT unnest(tag_ids) FROM old_rows WHERE status <> 'pending'));
      ELSE
        PERFORM apply_tag_count_deltas(
          ARRAY(SELECT unnest(tag_ids) FROM new_rows WHERE status <> 'pending'),
          ARRAY(SELECT unnest(tag_ids) FROM old_rows WHERE status <> 'pending'));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_insert_counts_tags AFTER INSERT ON items
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_listed_tags()`.execute(db);
  await sql`
    CREATE TRIGGER items_update_counts_tags AFTER UPDATE ON items
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_listed_tags()`.execute(db);
  await sql`
    CREATE TRIGGER items_delete_counts_tags AFTER DELETE ON items
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION count_listed_tags()`.execute(db);

  // Category subtree and tags in one index, over what the storefront may show.
  await sql`
    CREATE INDEX items_listing_facets_idx ON items USING gin (category_path, tag_ids)
    WHERE status <> 'pending'`.execute(db);
  await sql`DROP INDEX items_search_idx`.execute(db);
  await sql`CREATE INDEX items_search_idx ON items USING gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX items_search_idx`.execute(db);
  await sql`DROP INDEX items_listing_facets_idx`.execute(db);
  for (const [table, trigger] of [
    ['items', 'items_delete_counts_tags'],
    ['items', 'items_update_counts_tags'],
    ['items', 'items_insert_counts_tags'],
    ['item_tags', 'item_tags_delete_refreshes_item'],
    ['item_tags', 'item_tags_update_refreshes_item'],
    ['item_tags', 'item_tags_insert_refreshes_item'],
    ['items', 'items_category_path'],
    ['categories', 'categories_moved'],
    ['categories', 'categories_path_from_parent'],
    ['tags', 'tags_insert_counts_row'],
  ] as const) {
    await sql`DROP TRIGGER ${sql.raw(trigger)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION count_listed_tags()`.execute(db);
  await sql`DROP FUNCTION tag_counts_row()`.execute(db);
  await sql`DROP FUNCTION apply_tag_count_deltas(integer[], integer[])`.execute(db);
  await sql`DROP FUNCTION item_tag_ids_refresh()`.execute(db);
  await sql`DROP FUNCTION item_category_path()`.execute(db);
  await sql`DROP FUNCTION category_moved()`.execute(db);
  await sql`DROP FUNCTION category_path_from_parent()`.execute(db);
  await sql`DROP TABLE tag_counts`.execute(db);
  await sql`
    ALTER TABLE items DROP COLUMN search_vector, DROP COLUMN tag_ids, DROP COLUMN category_path`.execute(
    db,
  );
  await sql`ALTER TABLE categories DROP COLUMN path`.execute(db);
  await sql`
    CREATE INDEX items_search_idx ON items
    USING gin (to_tsvector('simple', title || ' ' || description))`.execute(db);
}
