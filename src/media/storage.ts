import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where stored images live. Disk for now; object storage can sit behind the
 * same calls later. Names are random, so a URL reveals nothing and can be
 * cached forever.
 */
export interface MediaStorage {
  /** Stores the bytes under a new random name with the given extension; returns the stored path. */
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /** The bytes of a stored file (to make variants of a photo stored earlier). */
  read(path: string): Promise<Buffer>;
  /** Removes stored files; a missing one is not an error (cleanup after a refusal). */
  remove(paths: readonly string[]): Promise<void>;
  /** The folder served at /media. */
  readonly root: string;
}

const SAFE_SEGMENT = /^[a-z0-9-]+$/;

export function diskStorage(root: string): MediaStorage {
  const absolute = (stored: string) => {
    const file = path.resolve(root, stored);
    // Stored paths are ours, but a path that escapes the root is refused all the same.
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`))
      throw new Error('media path outside the media folder');
    return file;
  };

  return {
    root,
    async put(folder, extension, bytes) {
      if (!SAFE_SEGMENT.test(folder) || !SAFE_SEGMENT.test(extension))
        throw new Error('unsafe media name');
      const name = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
      const file = absolute(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // 'wx': never overwrite, even on the astronomically unlikely repeat of a name.
      await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
      return name;
    },
    read(stored) {
      return fs.readFile(absolute(stored));
    },
    async remove(paths) {
      await Promise.all(paths.map((stored) => fs.rm(absolute(stored), { force: true })));
    },
  };
}
