import { type Kysely, sql } from 'kysely';

// The submitter's per-submission intent. NOT NULL DEFAULT true, so existing drafts
// and any insert that does not mention it read true.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE item_drafts ADD COLUMN remove_background boolean NOT NULL DEFAULT true`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE item_drafts DROP COLUMN remove_background`.execute(db);
}
