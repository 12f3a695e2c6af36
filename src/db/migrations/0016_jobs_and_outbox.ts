import { type Kysely, sql } from 'kysely';

// One durable queue for all background work (mail, drafting, sweeps): a row is
// enqueued inside the transaction of the event that causes it, so it exists
// exactly when the event committed; workers claim rows with SKIP LOCKED and a
// lease, so a crashed worker's row becomes claimable again when its lease lapses.
// The insert trigger announces new work at commit (NOTIFY is transactional);
// workers also poll, so a missed notification only delays work.
//
// mail_outbox holds each message to send, written in the same transaction as
// its event; its body (which carries tokens) is dropped once sent.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      key text,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      claimed_at timestamptz,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz
    )`.execute(db);
  // At most one unfinished job per (kind, key): enqueueing twice is a no-op.
  await sql`
    CREATE UNIQUE INDEX jobs_unfinished_key ON jobs (kind, key)
      WHERE key IS NOT NULL AND state IN ('queued', 'running')`.execute(db);
  await sql`
    CREATE INDEX jobs_claimable ON jobs (kind, run_at) WHERE state IN ('queued', 'running')`.execute(
    db,
  );
  await sql`CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION announce_jobs_queued() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('jobs_queued', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER jobs_insert_announces AFTER INSERT ON jobs
      FOR EACH STATEMENT EXECUTE FUNCTION announce_jobs_queued()`.execute(db);

  await sql`
    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      template text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body_text text,
      body_html text,
      message_id text NOT NULL UNIQUE,
      customer_id integer,
      item_id integer,
      job_id bigint,
      created_at timestamptz NOT NULL,
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX mail_outbox_job ON mail_outbox (job_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE mail_outbox`.execute(db);
  await sql`DROP TRIGGER jobs_insert_announces ON jobs`.execute(db);
  await sql`DROP FUNCTION announce_jobs_queued()`.execute(db);
  await sql`DROP TABLE jobs`.execute(db);
}
