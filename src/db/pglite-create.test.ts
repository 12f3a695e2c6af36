import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDataDir, createPgliteDataDirLocked } from './pglite-create.js';
import { PGLITE_EXTENSIONS, pgliteOptions } from './pglite-settings.js';

// Issue 35 item 6: the embedded database is created by a child process, so the
// serving process never holds what creating it cost.

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pglite-create-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function tablesIn(dir: string): Promise<string[]> {
  const pg = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, ...pgliteOptions() });
  try {
    const { rows } = await pg.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    return rows.map((row) => row.name);
  } finally {
    await pg.close();
  }
}

describe('creating the embedded database out of process', () => {
  it('the server: a whole, migrated cluster, nothing staged left behind', async () => {
    const dir = path.join(root, 'server', 'db');
    await createPgliteDataDirLocked(dir);
    expect(await fs.readdir(path.dirname(dir))).toEqual(['db']);
    const tables = await tablesIn(dir);
    expect(tables).toContain('items');
    expect(tables).toContain('kysely_migration');
  }, 120_000);

  it('a command: an empty cluster it migrates itself; an existing one is left alone', async () => {
    const dir = path.join(root, 'command', 'db');
    await fs.mkdir(dir, { recursive: true });
    await createPgliteDataDir(dir);
    expect(await tablesIn(dir)).toEqual([]);
    const version = await fs.stat(path.join(dir, 'PG_VERSION'));
    await createPgliteDataDir(dir, { migrate: true });
    expect((await fs.stat(path.join(dir, 'PG_VERSION'))).mtimeMs).toBe(version.mtimeMs);
    expect(await tablesIn(dir)).toEqual([]);
  }, 120_000);

  it('a child that fails says why, and the folder is not made', async () => {
    // Nobody can make a folder inside /proc: the child fails, its last words are the error.
    const dir = '/proc/self/shop-pglite-create-test/db';
    await expect(createPgliteDataDir(dir)).rejects.toThrow(
      /^creating the database in \/proc\/self\/shop-pglite-create-test\/db failed: .+/s,
    );
    await expect(fs.access(dir)).rejects.toThrow(/ENOENT/);
  }, 120_000);
});
