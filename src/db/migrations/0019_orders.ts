import { type Kysely, sql } from 'kysely';

// Issue 18: the record of a sale is an order, not the item row.
// - items.held_price_cents: the price the customer saw when the item went into
//   the cart; checkout charges it, whatever the admin sets meanwhile.
// - orders: one per checkout, written in the transaction that records the sale.
//   Buyer, address and totals are snapshots: later edits never reach them.
//   customer_id is SET NULL on account deletion (the order is a legal record).
// - order_lines: what was bought, as it was at the sale (title, price, first image).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE items ADD COLUMN held_price_cents integer`.execute(db);
  await sql`
    CREATE TABLE orders (
      id serial PRIMARY KEY,
      number text NOT NULL UNIQUE,
      customer_id integer REFERENCES customers (id) ON DELETE SET NULL,
      state text NOT NULL CHECK (state IN ('placed', 'paid', 'shipped', 'delivered', 'cancelled')),
      buyer_name text,
      buyer_email text,
      shipping_address jsonb,
      note text,
      total_cents integer NOT NULL CHECK (total_cents >= 0),
      currency text NOT NULL,
      payment_reference text NOT NULL,
      checkout_key text NOT NULL,
      payment_due_at timestamptz,
      payment_reminder_sent_at timestamptz,
      carrier text,
      tracking_reference text,
      cancel_reason text,
      placed_at timestamptz NOT NULL,
      paid_at timestamptz,
      shipped_at timestamptz,
      delivered_at timestamptz,
      cancelled_at timestamptz,
      buyer_anonymised_at timestamptz,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX orders_customer_idx ON orders (customer_id, id)`.execute(db);
  await sql`CREATE INDEX orders_state_idx ON orders (state, id)`.execute(db);
  await sql`CREATE INDEX orders_unpaid_idx ON orders (payment_due_at) WHERE state = 'placed'`.execute(
    db,
  );
  await sql`
    CREATE TABLE order_lines (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      item_id integer REFERENCES items (id) ON DELETE SET NULL,
      title text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      image_path text,
      position integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX order_lines_order_idx ON order_lines (order_id, position)`.execute(db);
  await sql`CREATE INDEX order_lines_item_idx ON order_lines (item_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE order_lines`.execute(db);
  await sql`DROP TABLE orders`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN held_price_cents`.execute(db);
}
