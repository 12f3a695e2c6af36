import fs from 'node:fs/promises';
import path from 'node:path';
import { mintToken } from '../../src/auth/tokens.js';
import type { Db } from '../../src/db/database.js';

/** An upload link straight in the database; returns its token. */
export async function makeUploadLink(
  db: Db,
  options: { maxSubmissions?: number | null; revoked?: boolean; submissionCount?: number } = {},
): Promise<{ id: number; token: string }> {
  const { token, digest } = mintToken();
  const row = await db
    .insertInto('upload_links')
    .values({
      token_digest: digest,
      contact_email: 'seller@example.com',
      max_submissions: options.maxSubmissions === undefined ? 20 : options.maxSubmissions,
      submission_count: options.submissionCount ?? 0,
      revoked_at: options.revoked ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** Every file under the media folder, relative to it: "nothing left in storage" is this list unchanged. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
