import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUse, lockDataDirectory } from './data-dir-lock.js';

let dir: string;
let dbDir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
  dbDir = path.join(dir, 'db');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** The PID of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('the lock on DATA_DIR/db (one process per embedded database)', () => {
  it('holds the owner PID in DATA_DIR/db.lock and refuses a second holder, naming it', async () => {
    const lock = await lockDataDirectory(dbDir);
    expect((await fs.readFile(`${dbDir}.lock`, 'utf8')).trim()).toBe(String(process.pid));
    const second = await lockDataDirectory(dbDir).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirectoryInUse);
    expect((second as Error).message).toBe(
      `the shop is running on this data directory (pid ${process.pid}); stop it first`,
    );
    // The refusal did not take the holder's lock away.
    expect((await fs.readFile(`${dbDir}.lock`, 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('is free again once released', async () => {
    await (await lockDataDirectory(dbDir)).release();
    await expect(fs.access(`${dbDir}.lock`)).rejects.toThrow();
    const again = await lockDataDirectory(dbDir);
    await again.release();
  });

  it('takes over a stale lock whose process no longer runs (a crash, kill -9)', async () => {
    await fs.writeFile(`${dbDir}.lock`, `${await deadPid()}\n`);
    const lock = await lockDataDirectory(dbDir);
    expect((await fs.readFile(`${dbDir}.lock`, 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    await fs.writeFile(`${dbDir}.lock`, 'garbage');
    await (await lockDataDirectory(dbDir)).release();
  });
});
