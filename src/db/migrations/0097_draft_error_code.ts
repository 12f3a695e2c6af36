import { type Kysely, sql } from 'kysely';

// Issue 37: why a draft has no suggestions, as a code the admin's page words in its own
// language; `last_error` keeps the drafting step's sentence or the model server's own
// error text (a detail, as a log line is). Rows written before are given the code
// their sentence says.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE item_drafts
      ADD COLUMN last_error_code text
        CHECK (last_error_code IN ('published_first', 'paused', 'run_failed'))`.execute(db);
  await sql`
    UPDATE item_drafts SET last_error_code = CASE
      WHEN last_error LIKE 'Not drafted:%' THEN 'published_first'
      WHEN last_error LIKE 'Paused:%' THEN 'paused'
      ELSE 'run_failed' END
    WHERE last_error IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE item_drafts DROP COLUMN last_error_code`.execute(db);
}
