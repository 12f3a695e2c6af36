import { type Kysely, sql } from 'kysely';

// Issue 37: the language a customer chose for the shop's pages and their mails. NULL:
// never chosen (mails go in SHOP_LANGUAGE). A language the shop adds later widens the
// check in a migration of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE customers
      ADD COLUMN language text CHECK (language IN ('en', 'de'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers DROP COLUMN language`.execute(db);
}
