import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE admins (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX admins_email_key ON admins (lower(email))`.execute(db);

  await sql`
    CREATE TABLE admin_sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      admin_id integer NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
      token_digest text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX admin_sessions_admin_id_idx ON admin_sessions (admin_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE admin_sessions`.execute(db);
  await sql`DROP TABLE admins`.execute(db);
}
