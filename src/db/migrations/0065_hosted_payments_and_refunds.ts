import { type Kysely, sql } from 'kysely';

// Issue 32: card payments through a hosted payment page (Stripe Checkout), refunds.
// - orders.payment_provider: how the order is paid (accept, manual, stripe); rows
//   from before are `manual` where a payment was due or is still awaited by hand
//   (a manual reference), else `accept`.
// - orders.payment_url / payment_expires_at: the hosted page the buyer pays on and
//   when it stops taking payment; payment_processing_at: the buyer finished the page
//   with a payment that settles later (a bank debit); payment_intent_id: the
//   provider's payment, what a refund refers to.
// - payment_events: every provider event acted on, by its id: the primary key makes
//   a repeated delivery (also two at once on two instances) a no-op.
// - order_refunds: each refund asked for, by its idempotency key, and how it went.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN payment_provider text NOT NULL DEFAULT 'accept'
        CHECK (payment_provider IN ('accept', 'manual', 'stripe')),
      ADD COLUMN payment_url text,
      ADD COLUMN payment_expires_at timestamptz,
      ADD COLUMN payment_processing_at timestamptz,
      ADD COLUMN payment_intent_id text`.execute(db);
  await sql`
    UPDATE orders SET payment_provider = 'manual'
    WHERE payment_due_at IS NOT NULL OR payment_reminder_sent_at IS NOT NULL
       OR payment_reference LIKE 'manual-%'`.execute(db);
  await sql`CREATE INDEX orders_hosted_payment_idx ON orders (payment_expires_at)
    WHERE state = 'placed' AND payment_expires_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE payment_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      order_id integer REFERENCES orders (id) ON DELETE SET NULL,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`CREATE INDEX payment_events_order_idx ON payment_events (order_id)`.execute(db);
  await sql`
    CREATE TABLE order_refunds (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('accept', 'manual', 'stripe')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      reason text NOT NULL,
      idempotency_key text NOT NULL UNIQUE,
      payment_reference text,
      state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed', 'to_pay_by_hand')),
      provider_reference text,
      last_error text,
      requested_at timestamptz NOT NULL,
      settled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX order_refunds_order_idx ON order_refunds (order_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE order_refunds`.execute(db);
  await sql`DROP TABLE payment_events`.execute(db);
  await sql`DROP INDEX orders_hosted_payment_idx`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN payment_intent_id,
      DROP COLUMN payment_processing_at,
      DROP COLUMN payment_expires_at,
      DROP COLUMN payment_url,
      DROP COLUMN payment_provider`.execute(db);
}
