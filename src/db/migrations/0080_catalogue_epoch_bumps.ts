import { type Kysely, sql } from 'kysely';

// A migration can tell every running instance that everything changed (issue 35
// item 4). The storefront keeps an index and cached answers in memory and learns
// of each change from the row triggers' announcements (0011, 0024); a migration
// that rewrites indexed columns with those triggers off (a bulk backfill, a
// rewritten generated column) changes data nobody hears of, and every instance
// would keep serving the old values until its next full reload.
//
// The epoch (0014) names this life of the data; an instance that hears or reads
// another epoch starts its memory over: caches, ETags and the index are dropped
// and loaded again. It now also counts bumps: such a migration ends with
//
//   SELECT bump_catalogue_epoch();
//
// in its own transaction, so the new epoch becomes visible with its rewritten
// rows, never before (a sequence would be seen at once, and an instance could
// load the old rows under the new epoch). The bump is announced at commit as any
// catalogue write is, with the scope `*`. With no bump yet the epoch is the one
// 0014 computed: upgrading to this migration reloads nobody.

/** catalogue_epoch() exactly as 0014 wrote it, and with the bumps when `bumped`. */
const catalogueEpoch = (bumped: boolean) => sql`
    CREATE OR REPLACE FUNCTION catalogue_epoch() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT left(md5(concat_ws(':',
        (SELECT oid FROM pg_database WHERE datname = current_database()),
        'catalogue_version_seq'::regclass::oid,
        extract(epoch FROM pg_postmaster_start_time())${sql.raw(
          bumped
            ? `,\n        (SELECT nullif(bumps, 0) FROM catalogue_epoch_bumps WHERE id = 1)`
            : '',
        )})), 12)
    $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_epoch_bumps (
      id integer PRIMARY KEY CHECK (id = 1),
      bumps bigint NOT NULL
    )`.execute(db);
  await sql`INSERT INTO catalogue_epoch_bumps (id, bumps) VALUES (1, 0)`.execute(db);
  await catalogueEpoch(true).execute(db);
  // The bump is a catalogue write of scope `*` (0024's note_catalogue_scope): its
  // commit is numbered and announced under the new epoch.
  await sql`
    CREATE FUNCTION bump_catalogue_epoch() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalogue_epoch_bumps SET bumps = bumps + 1 WHERE id = 1;
      INSERT INTO catalogue_changes DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
      PERFORM note_catalogue_scope(true, '{}', '{}');
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION bump_catalogue_epoch()`.execute(db);
  await catalogueEpoch(false).execute(db);
  await sql`DROP TABLE catalogue_epoch_bumps`.execute(db);
}
