import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage, StoredEntry } from '../storage.js';
import { contentTypeOf, STORED_NAME, storedName } from './names.js';

/** Photos as files under `root` (DATA_DIR/media): one instance, nothing to install. */
export function diskStorage(root: string): MediaStorage {
  const absolute = (stored: string) => {
    const file = path.resolve(root, stored);
    // Stored paths are ours, but a path that escapes the root is refused all the same.
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`))
      throw new Error('media path outside the media folder');
    return file;
  };

  async function* list(): AsyncIterable<StoredEntry> {
    let folders: string[];
    try {
      folders = await fs.readdir(root);
    } catch {
      return;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, folder));
      } catch {
        continue;
      }
      for (const name of names) {
        const stored = `${folder}/${name}`;
        if (!STORED_NAME.test(stored)) continue;
        const stat = await fs.stat(absolute(stored)).catch(() => null);
        if (stat?.isFile()) yield { path: stored, storedAt: stat.mtime };
      }
    }
  }

  return {
    root,
    async put(folder, extension, bytes) {
      const name = storedName(folder, extension, randomBytes(16).toString('hex'));
      const file = absolute(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // 'wx': never overwrite, even on the astronomically unlikely repeat of a name.
      await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
      return name;
    },
    read(stored) {
      return fs.readFile(absolute(stored));
    },
    async open(stored) {
      if (!STORED_NAME.test(stored)) return null;
      const file = absolute(stored);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      // Unused by /media (the static server serves a disk store); conditions are ignored.
      return {
        status: 200,
        body: createReadStream(file),
        length: stat.size,
        contentType: contentTypeOf(stored),
        etag: null,
        lastModified: stat.mtime,
        contentRange: null,
      };
    },
    async remove(paths) {
      await Promise.all(paths.map((stored) => fs.rm(absolute(stored), { force: true })));
    },
    list,
  };
}
