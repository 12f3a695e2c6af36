import { type Kysely, sql } from 'kysely';

// New items now arrive unpublished. Only the default changes: existing rows keep
// their status (spec 9: changing a default never backfills).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE items ALTER COLUMN status SET DEFAULT 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE items ALTER COLUMN status SET DEFAULT 'available'`.execute(db);
}
