import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/free-port.js';

// Real processes on one DATA_DIR: the server, then `npm run seed` beside it.
vi.setConfig({ testTimeout: 600_000 });
const root = path.resolve(import.meta.dirname, '../..');

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL, REDIS_URL, SMTP_URL, ...rest } = process.env;
  return { ...rest, ...extra };
}

function runCli(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not answer in time');
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-lock-e2e-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('one process per embedded database', () => {
  it('server running → seed refused in one line, data intact; server stopped → seed works', async () => {
    const env = cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(`${base}/healthz`, server);
      const before = await (await fetch(`${base}/api/categories`)).text();

      const refused = await runCli('src/cli/seed.ts', ['--items', '3'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `the shop is running on this data directory (pid ${server.pid}); stop it first\n`,
      );
      expect(refused.stdout).toBe('');

      // The server still answers from an untouched database.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${base}/api/categories`)).text()).toBe(before);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();

    const seeded = await runCli('src/cli/seed.ts', ['--items', '3'], env);
    expect(seeded.stderr).not.toContain('running on this data directory');
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('Seeded 3 items');
  });
});
