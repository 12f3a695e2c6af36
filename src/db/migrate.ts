import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import { migrations } from './migrations/index.js';

export function migrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
}

function unwrap(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const where = failed ? ` (in ${failed.migrationName})` : '';
    throw new Error(`migration failed${where}: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Migrates up or down to the named migration, or to nothing at all. */
export async function migrateTo(
  db: Kysely<any>,
  name: string | typeof NO_MIGRATIONS,
): Promise<MigrationResultSet> {
  return unwrap(await migrator(db).migrateTo(name));
}

export async function migrateDown(db: Kysely<any>): Promise<MigrationResultSet> {
  return unwrap(await migrator(db).migrateDown());
}

export { NO_MIGRATIONS };
