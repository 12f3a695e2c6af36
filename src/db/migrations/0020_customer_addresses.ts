import { type Kysely, sql } from 'kysely';

// Issue 18: shipping addresses a customer keeps on the account and picks at
// checkout. They go with the account; an order keeps its own copy.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE customer_addresses (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      name text NOT NULL,
      line1 text NOT NULL,
      line2 text,
      postal_code text NOT NULL,
      city text NOT NULL,
      country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      phone text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE customer_addresses`.execute(db);
}
