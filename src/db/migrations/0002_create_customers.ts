import { type Kysely, sql } from 'kysely';

// Customers as first built: one free-text `name`. 0006 splits it in two.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE customers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      name text,
      email_verified boolean NOT NULL DEFAULT false,
      marketing_consent boolean NOT NULL DEFAULT false,
      marketing_consent_text text,
      marketing_consent_at timestamptz,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Addresses are compared case-insensitively after trimming (stored normalised, enforced here too).
  await sql`CREATE UNIQUE INDEX customers_email_key ON customers (lower(email))`.execute(db);

  await sql`
    CREATE TABLE customer_sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      token_digest text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX customer_sessions_customer_id_idx ON customer_sessions (customer_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE customer_tokens (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('verify_email', 'password_reset')),
      token_digest text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX customer_tokens_customer_id_idx ON customer_tokens (customer_id, kind)`.execute(
    db,
  );

  await sql`
    CREATE TABLE favorites (
      customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (customer_id, item_id)
    )`.execute(db);
  await sql`CREATE INDEX favorites_item_id_idx ON favorites (item_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE favorites`.execute(db);
  await sql`DROP TABLE customer_tokens`.execute(db);
  await sql`DROP TABLE customer_sessions`.execute(db);
  await sql`DROP TABLE customers`.execute(db);
}
