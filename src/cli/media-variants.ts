// npm run media:variants
// Gives every stored photo the list sizes (480, 960, 1600 px WebP) it is missing.
// Safe to re-run, and to run while the shop serves: see backfillVariants.
import { migrateToLatest } from '../db/migrate.js';
import { writersMedia } from '../media/media-deletion.js';
import { mediaStorageFrom } from '../media/storage.js';
import { backfillVariants } from '../media/variants.service.js';
import { openConfiguredDatabase } from './open-configured-database.js';

const { config, database } = await openConfiguredDatabase();
try {
  await migrateToLatest(database.migrationDb);
  // Removals go through the one rule (media-deletion.ts): never a file a row shows.
  const storage = writersMedia(await mediaStorageFrom(config), database.db, {
    warn: (_details, message) => process.stderr.write(`${message}\n`),
  });
  const report = await backfillVariants(database.db, storage, {
    progress: (so) => process.stderr.write(`\r${so.filled} images filled, ${so.files} files`),
  });
  process.stderr.write('\n');
  for (const failure of report.failed)
    process.stderr.write(`image ${failure.id} (${failure.path}): ${failure.reason}\n`);
  process.stdout.write(
    `${report.filled} images got their variants (${report.files} files written); ${report.failed.length} could not be read.\n`,
  );
  process.exitCode = report.failed.length > 0 ? 1 : 0;
} finally {
  await database.close();
}
