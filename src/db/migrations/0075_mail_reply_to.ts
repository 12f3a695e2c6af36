import { type Kysely, sql } from 'kysely';

// Issue 33 item 6: a customer's question about a piece is mailed to the shop with
// the customer's address as Reply-To, so the owner answers from their mail.
// mail_outbox.reply_to holds it until the mail is sent (then it is cleared with the
// body); null for every other mail.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN reply_to text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN reply_to`.execute(db);
}
