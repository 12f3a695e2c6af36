import { type Kysely, sql } from 'kysely';

// Issue "concurrency": three facts the database had no place for.
// - customer_tokens.email: the address a token was mailed to. Completing it
//   verifies that address only, never one the account changed to since. Null for
//   tokens minted before this migration: they verify nothing.
// - items.checkout_key / checkout_until: a checkout has claimed this held item and
//   is taking payment outside any transaction; the claim keeps the sweeper and
//   other customers off it until checkout_until, and the sale is recorded only
//   for the claim's key.
// - items.last_held_by / last_hold_ended_at: whose hold ended last and when, so
//   that customer may hold the item again only after a cool-down of one hold
//   window. No foreign key: the sweeper must never lock customer rows.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customer_tokens ADD COLUMN email text`.execute(db);
  await sql`
    ALTER TABLE items
      ADD COLUMN checkout_key text,
      ADD COLUMN checkout_until timestamptz,
      ADD COLUMN last_held_by integer,
      ADD COLUMN last_hold_ended_at timestamptz`.execute(db);
  await sql`CREATE INDEX items_checkout_key_idx ON items (checkout_key) WHERE checkout_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX items_checkout_key_idx`.execute(db);
  await sql`
    ALTER TABLE items
      DROP COLUMN last_hold_ended_at,
      DROP COLUMN last_held_by,
      DROP COLUMN checkout_until,
      DROP COLUMN checkout_key`.execute(db);
  await sql`ALTER TABLE customer_tokens DROP COLUMN email`.execute(db);
}
