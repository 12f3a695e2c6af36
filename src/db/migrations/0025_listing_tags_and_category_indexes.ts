import { type Kysely, sql } from 'kysely';

// 0023 served the category subtree and the tags from one GIN index. Searching it
// for "category + tags" walks both keys' entries: at 100k items a root category
// holds a third of the catalogue, and finding 11 rows read 35 index pages (0.32 ms,
// a miss's cost growing with the catalogue). With one index per column the planner
// weighs each condition by the column's statistics: for a common category it takes
// the tags' index alone and tests the category on the few rows found (0.16 ms), and
// for a rare one it can still combine both (docs/performance.md).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX items_listing_tags_idx ON items USING gin (tag_ids)
    WHERE status <> 'pending'`.execute(db);
  await sql`
    CREATE INDEX items_listing_category_idx ON items USING gin (category_path)
    WHERE status <> 'pending'`.execute(db);
  await sql`DROP INDEX items_listing_facets_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX items_listing_facets_idx ON items USING gin (category_path, tag_ids)
    WHERE status <> 'pending'`.execute(db);
  await sql`DROP INDEX items_listing_category_idx`.execute(db);
  await sql`DROP INDEX items_listing_tags_idx`.execute(db);
}
