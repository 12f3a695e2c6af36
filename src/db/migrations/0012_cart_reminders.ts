import { type Kysely, sql } from 'kysely';

// Which cart hold a reminder went out for: the hold's deadline (items.reserved_until).
// A reminder is due when the hold is about to end and this differs from its deadline,
// so each hold is reminded once, and a hold extended by a later add is a new hold.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN cart_reminder_sent_for timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers DROP COLUMN cart_reminder_sent_for`.execute(db);
}
