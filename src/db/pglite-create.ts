import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDirectory } from './data-dir-lock.js';

/** Whether `dir` holds a PGlite cluster already (what PGlite itself checks). */
async function holdsCluster(dir: string): Promise<boolean> {
  return fs.access(path.join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/** The child's entry beside this file: compiled (.js), or the source run by tsx (.ts). */
function childEntry(): { file: string; execArgv: string[]; template: string } {
  const here = fileURLToPath(import.meta.url);
  const source = here.endsWith('.ts');
  const file = path.join(path.dirname(here), `pglite-create-child.${source ? 'ts' : 'js'}`);
  // Liftoff only: the child compiles PostgreSQL's WebAssembly once and exits, so
  // the optimising tier would cost memory for speed it never uses.
  return {
    file,
    execArgv: [...(source ? ['--import', 'tsx'] : []), '--liftoff-only'],
    // Made by the build (scripts/pglite-template.mjs), two folders up from src/db or dist/db.
    template: path.resolve(path.dirname(here), '../../dist-pglite/empty-cluster.tar.gz'),
  };
}

/**
 * Creates the embedded database's folder, migrated, in a child process, when it
 * holds no cluster yet (issue 35 item 6). PGlite creating a new cluster (initdb)
 * grows its process to about 750 MB, and WebAssembly memory is never given back:
 * done in the serving process, a first start would keep it for its whole life.
 * The child loads the build's empty cluster instead where there is one (about
 * 270 MB), migrates it when asked (the server; a command such as `migrate` reports
 * its own migrations), writes `<dir>.new` and exits; the rename makes the cluster appear whole or not
 * at all, so a start killed meanwhile creates it again. The caller holds the
 * folder's lock (data-dir-lock.ts).
 */
export async function createPgliteDataDir(
  dir: string,
  options: { migrate: boolean } = { migrate: false },
): Promise<void> {
  if (await holdsCluster(dir)) return;
  const staging = `${dir}.new`;
  await fs.rm(staging, { recursive: true, force: true });
  const { file, execArgv, template } = childEntry();
  const args = [file, staging, template, ...(options.migrate ? ['--migrate'] : [])];
  const child = spawn(process.execPath, [...execArgv, ...args], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    // The last words are what says why; bounded.
    stderr = (stderr + chunk).slice(-4_000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    await fs.rm(staging, { recursive: true, force: true });
    throw new Error(`creating the database in ${dir} failed: ${stderr.trim() || `exit ${code}`}`);
  }
  // An empty folder left by an earlier attempt (or made by hand) gives way.
  await fs.rmdir(dir).catch(() => {});
  await fs.rename(staging, dir);
}

/**
 * The same, migrated, under the folder's lock, for a process that has not opened
 * the database yet: the server calls it before it loads the app's modules, so the
 * host holds the child's memory beside a bare Node process, not beside the app.
 */
export async function createPgliteDataDirLocked(dir: string): Promise<void> {
  if (await holdsCluster(dir)) return;
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const lock = await lockDataDirectory(dir);
  try {
    await createPgliteDataDir(dir, { migrate: true });
  } finally {
    await lock.release();
  }
}
