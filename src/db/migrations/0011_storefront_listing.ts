import { type Kysely, sql } from 'kysely';

// What the public item list needs to be fast, and a catalogue version that
// changes with every committed write, so a response (and its ETag) can be
// reused until the catalogue actually changes.

const WATCHED_TABLES = ['items', 'item_images', 'item_tags', 'tags', 'categories'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // Listing orders, over the non-pending items only: the storefront never shows pending.
  await sql`
    CREATE INDEX items_listing_newest_idx ON items ((coalesce(published_at, created_at)) DESC, id DESC)
    WHERE status <> 'pending'`.execute(db);
  await sql`CREATE INDEX items_listing_price_idx ON items (price_cents, id) WHERE status <> 'pending'`.execute(
    db,
  );
  // Text search over title and description; the 'simple' configuration does not
  // stem, so it works the same for any language the catalogue is written in.
  await sql`
    CREATE INDEX items_search_idx ON items
    USING gin (to_tsvector('simple', title || ' ' || description))`.execute(db);

  await sql`
    CREATE TABLE catalogue_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    )`.execute(db);
  await sql`INSERT INTO catalogue_version (id, version) VALUES (1, 1)`.execute(db);
  // The row update commits with the write that caused it, so a reader never sees
  // a new version before the new data. Statement-level triggers with transition
  // tables bump once per statement, and only when a row actually changed (a
  // sweeper that finds nothing to release leaves caches alone).
  await sql`
    CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of WATCHED_TABLES) {
    for (const [event, transition] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_${event.toLowerCase()}_bumps_catalogue`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(transition)} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...WATCHED_TABLES].reverse()) {
    for (const event of ['delete', 'update', 'insert']) {
      await sql`DROP TRIGGER ${sql.raw(`${table}_${event}_bumps_catalogue`)} ON ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`DROP FUNCTION bump_catalogue_version()`.execute(db);
  await sql`DROP TABLE catalogue_version`.execute(db);
  await sql`DROP INDEX items_search_idx`.execute(db);
  await sql`DROP INDEX items_listing_price_idx`.execute(db);
  await sql`DROP INDEX items_listing_newest_idx`.execute(db);
}
