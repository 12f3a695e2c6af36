import { type Kysely, sql } from 'kysely';

// Consent to hear when a favorite sells, kept apart from marketing consent: the
// flag, when it last changed (opting out records the time too) and the exact wording shown.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE customers
      ADD COLUMN sold_notifications boolean NOT NULL DEFAULT false,
      ADD COLUMN sold_notifications_at timestamptz,
      ADD COLUMN sold_notifications_text text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE customers
      DROP COLUMN sold_notifications,
      DROP COLUMN sold_notifications_at,
      DROP COLUMN sold_notifications_text`.execute(db);
}
