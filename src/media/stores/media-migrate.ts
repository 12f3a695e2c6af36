import type { MediaStorage } from '../storage.js';
import type { S3Storage } from './s3-store.js';

export interface MigrationReport {
  copied: number;
  alreadyThere: number;
}

/**
 * Copies every object of the disk store into the bucket under the same name, so
 * the paths in the database stay valid. Objects already in the bucket are
 * skipped: safe to re-run after an interruption, and while the shop serves
 * (a photo stored meanwhile on disk is copied by the next run).
 */
export async function copyDiskStoreToBucket(
  from: Pick<MediaStorage, 'list' | 'read'>,
  to: Pick<S3Storage, 'has' | 'putNamed'>,
  progress: (report: MigrationReport) => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0 };
  for await (const entry of from.list()) {
    if (await to.has(entry.path)) report.alreadyThere += 1;
    else {
      await to.putNamed(entry.path, await from.read(entry.path));
      report.copied += 1;
    }
    if ((report.copied + report.alreadyThere) % 500 === 0) progress(report);
  }
  return report;
}
