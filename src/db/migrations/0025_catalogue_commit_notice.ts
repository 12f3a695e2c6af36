import { type Kysely, sql } from 'kysely';

// The writing session learns the catalogue version its own commit was numbered
// (issue 19). Until now a process that committed a catalogue write read the
// version again before its next storefront answer (a round trip, half a
// millisecond of a 1 ms answer), because the announcement of its commit could
// still be on its way. The commit trigger now also says the version to the
// session that committed, as a NOTICE sent before the COMMIT's reply:
//
//   NOTICE  catalogue_version <epoch>:<version>
//
// so the process knows which announcement to wait for, and when it has heard it
// already (most commits), answers at once. A NOTICE reaches only the session that
// raised it, costs no statement, and is not written to the server log at the
// default log_min_messages (warning). The body is otherwise 0024's.

// To the committing session only: the version its commit was numbered.
const NOTICE = `      RAISE NOTICE 'catalogue_version %', catalogue_epoch() || ':' || numbered;
`;

/** number_catalogue_version() exactly as 0024 wrote it, and with the NOTICE when `told`. */
const numberCatalogueVersion = (told: boolean) => sql`
    CREATE OR REPLACE FUNCTION number_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
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
      -- The scoped announcement first: a listener hears both in this order, and
      -- takes the plain one (for instances still running older code) as heard.
      IF current_setting('shop.catalogue_scoped', true) = 'on' THEN
        PERFORM pg_notify('catalogue_changes', concat_ws(':', catalogue_epoch(), numbered,
          coalesce(current_setting('shop.catalogue_dims', true), ''),
          coalesce(current_setting('shop.catalogue_ids', true), '')));
      ELSE
        PERFORM pg_notify('catalogue_changes', concat_ws(':', catalogue_epoch(), numbered, '*', ''));
      END IF;
      PERFORM pg_notify('catalogue_version', catalogue_epoch() || ':' || numbered);
${sql.raw(told ? NOTICE : '')}      RETURN NULL;
    END $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await numberCatalogueVersion(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await numberCatalogueVersion(false).execute(db);
}
