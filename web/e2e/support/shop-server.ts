import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../test/support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const ADMIN = { email: 'owner@example.com', password: 'a long owner passphrase' };

export interface ShopServer {
  baseUrl: string;
  dataDir: string;
  /** Every line the server logged so far. */
  logLines(): string[];
  stop(): Promise<void>;
}

/**
 * The real shop as `npm start` runs it (`node --liftoff-only dist/server.js`,
 * built by the global setup) on a free loopback port, PGlite in
 * a temp DATA_DIR, mail as files in DATA_DIR/mail. X-Forwarded-For is trusted so each browser context is its own caller.
 */
export async function startShop(
  env: Record<string, string> = {},
  /** A DATA_DIR prepared beforehand (`npm run seed` into it); removed on stop like a fresh one. */
  options: { dataDir?: string } = {},
): Promise<ShopServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'shop-browser-')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--liftoff-only', 'dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      SHOP_ADMIN_EMAIL: ADMIN.email,
      SHOP_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // A fresh embedded database takes a while on a busy machine (initdb, migrations).
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited at start:\n${lines.join('\n')}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`shop did not start:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    dataDir,
    logLines: () => [...lines],
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
