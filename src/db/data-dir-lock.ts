import { unlinkSync } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * The embedded database is single-process: a second PGlite on the same folder
 * (a seed or migrate run beside `npm start`) corrupts it. Every process that opens
 * `DATA_DIR/db` first takes `DATA_DIR/db.lock`, a file holding its PID. A lock whose
 * process no longer runs (a crash, a kill -9) is stale and taken over.
 *
 * Hand-written rather than proper-lockfile: that library judges staleness by an mtime
 * it refreshes on a timer and records no owner, while the refusal must name the PID
 * and a crashed owner must not hold the folder for the stale period.
 */
export class DataDirectoryInUse extends Error {
  constructor(readonly pid: number) {
    super(`the shop is running on this data directory (pid ${pid}); stop it first`);
    this.name = 'DataDirectoryInUse';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(lockFile: string): Promise<number | null> {
  const text = await fs.readFile(lockFile, 'utf8').catch(() => null);
  if (text === null) return null;
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Takes the lock for `dbDir` or throws DataDirectoryInUse naming the process that holds it. */
export async function lockDataDirectory(dbDir: string): Promise<DataDirLock> {
  const lockFile = `${dbDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx': created only if absent, so of two processes exactly one succeeds.
      await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      return held(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await ownerOf(lockFile);
    if (owner !== null && isRunning(owner)) throw new DataDirectoryInUse(owner);
    // Stale (its process is gone) or unreadable: remove it and try once more.
    await fs.rm(lockFile, { force: true });
  }
  const owner = await ownerOf(lockFile);
  throw new DataDirectoryInUse(owner ?? 0);
}

function held(lockFile: string): DataDirLock {
  // A process that exits without closing the database still leaves no lock behind.
  const onExit = () => {
    try {
      unlinkSync(lockFile);
    } catch {}
  };
  process.once('exit', onExit);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      await fs.rm(lockFile, { force: true });
    },
  };
}
