import { type Kysely, sql } from 'kysely';

// Outbound webhooks (contract, third round): endpoints an admin registers, the
// events written in the transaction that causes them, one delivery per event and
// endpoint, and a log of every attempt. A delivery is sent after the commit by
// the job queue; deliveries of one endpoint and one lane (an item, an order) go
// out in id order, so a receiver sees an item reserved before it sees it sold.
//
// Also two partial indexes for what /metrics reads at every scrape: failed jobs
// by kind and unsent mail (both would otherwise scan their whole table).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX jobs_failed ON jobs (kind) WHERE state = 'failed'`.execute(db);
  await sql`CREATE INDEX mail_outbox_unsent ON mail_outbox (created_at) WHERE sent_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE webhook_endpoints (
      id serial PRIMARY KEY,
      url text NOT NULL CHECK (length(url) <= 2048),
      events text[] NOT NULL,
      secret text NOT NULL,
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'disabled')),
      failing_since timestamptz,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_events (
      id bigserial PRIMARY KEY,
      message_id text NOT NULL UNIQUE,
      type text NOT NULL,
      lane text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      event_id bigint NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
      lane text NOT NULL,
      state text NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'delivering', 'delivered', 'retrying', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      first_attempt_at timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_open ON webhook_deliveries (endpoint_id, lane, id)
      WHERE state IN ('pending', 'delivering', 'retrying')`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`.execute(db);
  await sql`
    CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at)
      WHERE finished_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE webhook_attempts (
      id bigserial PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      at timestamptz NOT NULL,
      status_code integer,
      error text,
      duration_ms integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE webhook_attempts`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_events`.execute(db);
  await sql`DROP TABLE webhook_endpoints`.execute(db);
  await sql`DROP INDEX mail_outbox_unsent`.execute(db);
  await sql`DROP INDEX jobs_failed`.execute(db);
}
