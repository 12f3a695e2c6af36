import { type Kysely, sql } from 'kysely';

// Issue 34 item 5: the buyer's withdrawal, and refunds of single items.
// - order_withdrawals: each withdrawal the buyer declared, with the moment it was
//   received and their optional reason; order_withdrawal_lines: which lines it names.
//   A line is withdrawn at most once (UNIQUE), so a repeated request adds nothing.
// - order_refunds.shipping_cents: the part of a refund that gives the shipping back;
//   at most one refund per order carries shipping (partial unique index).
// - order_refund_lines: which lines a refund paid back, at what amount; a line is
//   refunded at most once (UNIQUE), decided by the database when two refunds race.
//   A credit note refers to the order_refunds row.
// - orders.state gains `refunded`: every line paid back (issue 34); refunded_at stamps it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE order_withdrawals (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      reason text CHECK (char_length(reason) <= 1000),
      requested_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX order_withdrawals_order_idx ON order_withdrawals (order_id, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE order_withdrawal_lines (
      withdrawal_id integer NOT NULL REFERENCES order_withdrawals (id) ON DELETE CASCADE,
      order_line_id integer NOT NULL UNIQUE REFERENCES order_lines (id) ON DELETE CASCADE,
      PRIMARY KEY (withdrawal_id, order_line_id)
    )`.execute(db);
  await sql`
    ALTER TABLE order_refunds
      ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0)`.execute(db);
  await sql`CREATE UNIQUE INDEX order_refunds_shipping_once_idx ON order_refunds (order_id)
    WHERE shipping_cents > 0`.execute(db);
  await sql`
    CREATE TABLE order_refund_lines (
      refund_id integer NOT NULL REFERENCES order_refunds (id) ON DELETE CASCADE,
      order_line_id integer NOT NULL UNIQUE REFERENCES order_lines (id) ON DELETE CASCADE,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      PRIMARY KEY (refund_id, order_line_id)
    )`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP CONSTRAINT orders_state_check,
      ADD CONSTRAINT orders_state_check
        CHECK (state IN ('placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')),
      ADD COLUMN refunded_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Before this migration an order paid back in full was cancelled with its money back.
  await sql`UPDATE orders SET state = 'cancelled', cancelled_at = refunded_at
    WHERE state = 'refunded'`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN refunded_at,
      DROP CONSTRAINT orders_state_check,
      ADD CONSTRAINT orders_state_check
        CHECK (state IN ('placed', 'paid', 'shipped', 'delivered', 'cancelled'))`.execute(db);
  await sql`DROP TABLE order_refund_lines`.execute(db);
  await sql`DROP INDEX order_refunds_shipping_once_idx`.execute(db);
  await sql`ALTER TABLE order_refunds DROP COLUMN shipping_cents`.execute(db);
  await sql`DROP TABLE order_withdrawal_lines`.execute(db);
  await sql`DROP TABLE order_withdrawals`.execute(db);
}
