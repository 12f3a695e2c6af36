import { type Kysely, sql } from 'kysely';

// 0023's refresh of items.tag_ids after an item_tags statement rewrote every item it
// touched, even when the links gave the tag_ids the item already had. A rewrite of
// an item is a new row version in all of its indexes and fires its UPDATE triggers:
// the seed, which writes each item with its tag_ids and then its links, paid for
// every item twice (at a million items about a third of the seed's time,
// docs/performance.md). Now only items whose tag_ids the links change are written;
// the locks taken first are as before, so concurrent link edits still wait in turn.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION item_tag_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      touched integer[];
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        touched := ARRAY(SELECT item_id FROM changed_rows UNION SELECT item_id FROM old_rows);
      ELSE
        touched := ARRAY(SELECT DISTINCT item_id FROM changed_rows);
      END IF;
      PERFORM 1 FROM items WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
      UPDATE items i SET tag_ids = linked.tag_ids
      FROM (SELECT t.item_id, coalesce(
              (SELECT array_agg(it.tag_id ORDER BY it.tag_id) FROM item_tags it WHERE it.item_id = t.item_id),
              '{}') AS tag_ids
            FROM unnest(touched) AS t(item_id)) linked
      WHERE i.id = linked.item_id AND i.tag_ids IS DISTINCT FROM linked.tag_ids;
      RETURN NULL;
    END $$`.execute(db);
}

/** 0023's function as it was. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION item_tag_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
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
}
