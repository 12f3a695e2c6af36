import { type Kysely, sql } from 'kysely';

// The catalogue version without a row that every write updates. Until now each
// catalogue statement updated the one catalogue_version row and held its lock to
// commit: every cart add, sweep and edit queued behind the slowest open
// transaction, and a cart add that locked item X, then the row, then item W
// deadlocked with a mark-sold of W.
//
// Now a writing transaction inserts one row of its own (keyed by its
// transaction id: nobody else touches it). At COMMIT a deferred trigger takes
// the next value of a sequence, writes it into that row, deletes the older rows
// and announces `<epoch>:<version>`. Only that last step is serialised, by a
// transaction-level advisory lock held from there until the commit is visible:
// so versions are handed out in the order commits become visible, and a
// snapshot that sees version N sees every write announced with a lower one.
// (PostgreSQL already serialises the commits of notifying transactions in the
// same place, to keep its notification queue in commit order.)
//
// The epoch names this life of the data: the database's and the sequence's OIDs
// and the server's start time. A restore (into a new database, a re-created
// sequence, or a restarted server) or a re-run of this migration changes it,
// so a version number seen before can never name different data.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE catalogue_version_seq`.execute(db);
  await sql`
    CREATE TABLE catalogue_changes (
      txid xid8 PRIMARY KEY DEFAULT pg_current_xact_id(),
      version bigint UNIQUE
    )`.execute(db);
  await sql`INSERT INTO catalogue_changes (version) VALUES (nextval('catalogue_version_seq'))`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION catalogue_epoch() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT left(md5(concat_ws(':',
        (SELECT oid FROM pg_database WHERE datname = current_database()),
        'catalogue_version_seq'::regclass::oid,
        extract(epoch FROM pg_postmaster_start_time()))), 12)
    $$`.execute(db);

  // The statement triggers of 0011 keep calling this function: now it only marks
  // the transaction as a catalogue writer, once, on a row of its own.
  await sql`
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        INSERT INTO catalogue_changes DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  await sql`
    CREATE FUNCTION number_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      numbered bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock('catalogue_changes'::regclass::oid::integer, 0);
      numbered := nextval('catalogue_version_seq');
      UPDATE catalogue_changes SET version = numbered WHERE txid = NEW.txid;
      -- Older rows are done with. Under REPEATABLE READ a row deleted by a commit
      -- newer than this snapshot would fail this one: leave them to the next writer.
      IF current_setting('transaction_isolation') = 'read committed' THEN
        DELETE FROM catalogue_changes WHERE version < numbered;
      END IF;
      PERFORM pg_notify('catalogue_version', catalogue_epoch() || ':' || numbered);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER catalogue_changes_numbered_at_commit
    AFTER INSERT ON catalogue_changes DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION number_catalogue_version()`.execute(db);

  await sql`DROP TABLE catalogue_version`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    )`.execute(db);
  // Past every version handed out, so no older answer matches again.
  await sql`
    INSERT INTO catalogue_version (id, version)
    SELECT 1, nextval('catalogue_version_seq')`.execute(db);
  await sql`DROP TRIGGER catalogue_changes_numbered_at_commit ON catalogue_changes`.execute(db);
  await sql`DROP FUNCTION number_catalogue_version()`.execute(db);
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
  await sql`DROP FUNCTION catalogue_epoch()`.execute(db);
  await sql`DROP TABLE catalogue_changes`.execute(db);
  await sql`DROP SEQUENCE catalogue_version_seq`.execute(db);
}
