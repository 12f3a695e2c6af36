import { type Kysely, sql } from 'kysely';

// Every instance keeps the catalogue version and recent session checks in
// memory; these notifications tell all of them, at commit, that it changed.
// NOTIFY is transactional: a rolled-back write announces nothing, and
// listeners hear a commit only after it is visible.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      bumped bigint;
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
        PERFORM pg_notify('catalogue_version', bumped::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // Any change to a customer row (disable, profile, deletion) or any ended
  // session: a cached session check may now be wrong. Both are rare next to reads.
  await sql`
    CREATE FUNCTION announce_customer_sessions_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        PERFORM pg_notify('customer_sessions', '');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const [name, table, event, transition] of TRIGGERS) {
    await sql`
      CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
      REFERENCING ${sql.raw(transition)} TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION announce_customer_sessions_change()`.execute(db);
  }
}

const TRIGGERS = [
  ['customers_update_announces_sessions', 'customers', 'UPDATE', 'NEW'],
  ['customers_delete_announces_sessions', 'customers', 'DELETE', 'OLD'],
  ['customer_sessions_delete_announces', 'customer_sessions', 'DELETE', 'OLD'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of [...TRIGGERS].reverse()) {
    await sql`DROP TRIGGER ${sql.raw(name)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION announce_customer_sessions_change()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
