import { type Kysely, sql } from 'kysely';

// Issue 33: the shop's own settings and legal pages, in the database, edited in the admin.
// - shop_settings: one row (id = 1), written by the app on first start from what the
//   environment seeds; every instance reads it, so a change needs no restart.
// - shop_pages: every save of a page is a new row (slug, version); the newest is shown,
//   the earlier ones stay, for the orders that accepted them.
// - orders.terms_version / withdrawal_version: which versions the buyer accepted;
//   orders.checkout_wording: the exact words the checkout showed with its button.
// - mail_outbox.from_name: the sender name the shop had when the mail was written.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE shop_settings (
      id smallint PRIMARY KEY CHECK (id = 1),
      name text NOT NULL,
      logo_path text,
      contact_email text,
      address text,
      pickup_address text,
      pickup_hours text,
      payment_instructions text,
      mail_sender_name text,
      notify_orders boolean NOT NULL DEFAULT true,
      notify_submissions boolean NOT NULL DEFAULT true,
      tax_mode text NOT NULL DEFAULT 'none' CHECK (tax_mode IN ('included', 'margin', 'none')),
      tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000),
      tax_rates_bp jsonb NOT NULL DEFAULT '{}',
      tax_note text,
      time_zone text NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE shop_pages (
      slug text NOT NULL CHECK (slug IN ('imprint', 'terms', 'privacy', 'withdrawal', 'shipping')),
      version integer NOT NULL CHECK (version > 0),
      title text NOT NULL,
      body_markdown text NOT NULL,
      body_html text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (slug, version)
    )`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN terms_version integer,
      ADD COLUMN withdrawal_version integer,
      ADD COLUMN checkout_wording text`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN from_name text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN from_name`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN checkout_wording,
      DROP COLUMN withdrawal_version,
      DROP COLUMN terms_version`.execute(db);
  await sql`DROP TABLE shop_pages`.execute(db);
  await sql`DROP TABLE shop_settings`.execute(db);
}
