// npm run media:migrate
// Copies the photos of DATA_DIR/media into the bucket that MEDIA_STORE=s3 names,
// under the same names, so nothing in the database changes. Safe to re-run: what
// is already in the bucket is skipped. Switch MEDIA_STORE=s3 on once it reports 0 copied.
import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { diskStorage } from '../media/storage.js';
import { copyDiskStoreToBucket } from '../media/stores/media-migrate.js';
import { s3Storage } from '../media/stores/s3-store.js';
import { fail } from './open-configured-database.js';

const config = loadConfigOrExit();
if (config.media.s3 === null)
  fail(
    'media:migrate copies into a bucket: set MEDIA_STORE=s3 and S3_BUCKET (and S3_ENDPOINT for R2 or MinIO).',
  );
const from = diskStorage(path.join(config.dataDir, 'media'));
const to = s3Storage(config.media.s3);
try {
  const report = await copyDiskStoreToBucket(from, to, (so) =>
    process.stderr.write(`\r${so.copied} copied, ${so.alreadyThere} already there`),
  );
  process.stderr.write('\n');
  process.stdout.write(
    `${report.copied} objects copied to ${config.media.s3.bucket}; ${report.alreadyThere} were already there.\n`,
  );
} finally {
  to.client.destroy();
}
