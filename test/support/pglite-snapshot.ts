import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A `dumpDataDir()` archive of an empty, initialised PGlite cluster. */
    pgliteSnapshot?: string;
  }
}

/**
 * Vitest global setup: initialise one empty PGlite cluster for the whole run and
 * hand its archive to every test file. A new in-memory PGlite runs initdb, which
 * costs several seconds of CPU per file; loading the archive takes a fraction.
 * Each file still gets its own database and runs every migration itself.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const cluster = await PGlite.create();
  const archive = await cluster.dumpDataDir('none');
  await cluster.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pglite-'));
  const file = path.join(dir, 'empty-cluster.tar');
  await fs.writeFile(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
