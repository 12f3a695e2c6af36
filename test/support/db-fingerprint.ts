import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Row counts of every table in the schema, plus the catalogue version (which
 * any committed catalogue write bumps): equal fingerprints before and after a
 * request mean it wrote nothing — whatever table it might have touched.
 */
export async function dbFingerprint(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db);
  const fingerprint: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(db);
    fingerprint[name] = rows[0]!.n;
  }
  // Rows of catalogue_changes come and go (the newest stays); its numbering only grows.
  const { rows } = await sql<{ version: number | null }>`
    SELECT max(version) AS version FROM catalogue_changes`.execute(db);
  fingerprint.catalogue_version = Number(rows[0]!.version);
  delete fingerprint.catalogue_changes;
  return fingerprint;
}
