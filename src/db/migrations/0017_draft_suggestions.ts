import { type Kysely, sql } from 'kysely';

// The drafting step's visible state on each draft: where it stands
// (queued → processing → drafted | failed; a person then accepts or dismisses),
// the attempts and the last error for the admin, the lease of the run in
// progress, and what it produced: the model's suggestions, which model, and
// per photo whether the cut-out was applied and why not. The claiming itself is
// the jobs queue's (0016); these columns mirror it for people.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE item_drafts
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN last_error text,
      ADD COLUMN claimed_at timestamptz,
      ADD COLUMN lease_until timestamptz,
      ADD COLUMN drafted_at timestamptz,
      ADD COLUMN model text,
      ADD COLUMN suggestions jsonb,
      ADD COLUMN cutouts jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN reviewed_at timestamptz,
      ADD CONSTRAINT item_drafts_state_check
        CHECK (state IN ('queued', 'processing', 'drafted', 'failed', 'accepted', 'dismissed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE item_drafts
      DROP CONSTRAINT item_drafts_state_check,
      DROP COLUMN reviewed_at,
      DROP COLUMN cutouts,
      DROP COLUMN suggestions,
      DROP COLUMN model,
      DROP COLUMN drafted_at,
      DROP COLUMN lease_until,
      DROP COLUMN claimed_at,
      DROP COLUMN last_error,
      DROP COLUMN attempts`.execute(db);
}
