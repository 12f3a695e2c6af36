import { type Kysely, sql } from 'kysely';

// Shared upload links and the draft row each submission leaves beside its item.
// contact_email (0007) and remove_background (0008) came later.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE upload_links (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_digest text NOT NULL UNIQUE,
      label text,
      max_submissions integer CHECK (max_submissions > 0),
      submission_count integer NOT NULL DEFAULT 0 CHECK (submission_count >= 0),
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (max_submissions IS NULL OR submission_count <= max_submissions)
    )`.execute(db);

  await sql`
    CREATE TABLE item_drafts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      item_id integer NOT NULL UNIQUE REFERENCES items (id) ON DELETE CASCADE,
      upload_link_id integer REFERENCES upload_links (id) ON DELETE SET NULL,
      note text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT 'queued',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX item_drafts_upload_link_id_idx ON item_drafts (upload_link_id)`.execute(
    db,
  );
  await sql`CREATE INDEX item_drafts_state_idx ON item_drafts (state)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE item_drafts`.execute(db);
  await sql`DROP TABLE upload_links`.execute(db);
}
