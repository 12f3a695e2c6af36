import { type Kysely, sql } from 'kysely';

// Links now record where they were sent. Older links have no address, so the
// column stays nullable; the create operation requires it for new links.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE upload_links ADD COLUMN contact_email text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE upload_links DROP COLUMN contact_email`.execute(db);
}
