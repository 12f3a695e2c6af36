// Run by pglite-create.ts in a process of its own: creates a PGlite cluster in the
// folder named by its first argument, from the build's empty cluster (its second,
// when that file exists) or by initdb, migrates it to the latest schema when told
// (--migrate, the server's first start) and exits,
// giving back to the host everything creating it took.
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatest } from './migrate.js';
import { pglitePool } from './pglite-pool.js';
import { PGLITE_EXTENSIONS, pgliteOptions } from './pglite-settings.js';
import type { Database } from './schema.js';

const [dir, template, migrate] = process.argv.slice(2);
if (!dir) {
  process.stderr.write(
    'usage: pglite-create-child <folder> [<empty-cluster.tar.gz> [--migrate]]\n',
  );
  process.exit(2);
}

async function create(folder: string): Promise<PGlite> {
  const options = { extensions: PGLITE_EXTENSIONS, ...pgliteOptions() };
  const archive = template ? await fs.readFile(template).catch(() => null) : null;
  if (archive) {
    try {
      return await PGlite.create(folder, { ...options, loadDataDir: new Blob([archive]) });
    } catch (error) {
      // An archive of another PGlite (a stale build): initdb makes the cluster instead.
      process.stderr.write(
        `the empty cluster ${template} did not load (${String(error)}); running initdb\n`,
      );
      await fs.rm(folder, { recursive: true, force: true });
    }
  }
  return PGlite.create(folder, options);
}

const embedded = await create(dir);
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(embedded) }) });
try {
  if (migrate === '--migrate') await migrateToLatest(db);
} finally {
  // Closing the pool closes PGlite, which writes everything to the folder; a pool
  // never used was never made, and then PGlite is closed here.
  await db.destroy();
  if (!embedded.closed) await embedded.close();
}
