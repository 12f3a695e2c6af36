import { type Kysely, sql } from 'kysely';

// Issue 37 item 4: a legal page may have a version per language. A save records the
// language it is written in; NULL is "the shop's own language" (SHOP_LANGUAGE), which
// is what every page saved before this migration was written in. The shop's language
// is a setting, not known here: a NULL follows it, so the pages already written stay
// the shop's pages whatever it is set to. Versions stay numbered per page across its
// languages, so an order's terms_version / withdrawal_version still names one text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE shop_pages
      ADD COLUMN language text CHECK (language IN ('en', 'de'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE shop_pages DROP COLUMN language`.execute(db);
}
