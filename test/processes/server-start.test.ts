import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/free-port.js';

const run = promisify(execFile);

// Each case starts real processes (a few seconds each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });
const root = path.resolve(import.meta.dirname, '../..');

// Only the environment a fresh machine has: no DATABASE_URL, REDIS_URL or SMTP_URL.
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL, REDIS_URL, SMTP_URL, ...rest } = process.env;
  return { ...rest, ...extra };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<Response> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('server did not answer within 90 s');
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('starting the shop with embedded defaults', () => {
  it('serves /healthz and /readyz on PGlite with no other service, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env: cleanEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      stdio: 'pipe',
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      const health = await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
      expect(health.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // The embedded database lives in DATA_DIR/db.
      expect((await fs.stat(path.join(dataDir, 'db'))).isDirectory()).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

describe('npm run admin:create', () => {
  it('creates an admin from a piped password once, and leaves an existing one alone', async () => {
    const dir = path.join(dataDir, 'cli');
    const create = () =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/cli/admin-create.ts', '--email', 'Boss@Example.com'],
          {
            cwd: root,
            env: cleanEnv({ DATA_DIR: dir }),
          },
        );
        let stdout = '';
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
        });
        child.stdin.end('correct-horse-battery\n');
        child.once('exit', (code) => resolve({ code, stdout }));
      });

    const first = await create();
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('created');
    const second = await create();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('already exists');

    const db = await PGlite.create(path.join(dir, 'db'));
    const { rows } = await db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM admins',
    );
    await db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('boss@example.com');
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('npm run migrate', () => {
  it('reports status, reverts one migration and applies it again', async () => {
    const env = cleanEnv({ DATA_DIR: path.join(dataDir, 'migrate') });
    const migrate = async (command: string) =>
      (
        await run(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts', command], {
          cwd: root,
          env,
        })
      ).stdout;

    expect(await migrate('up')).toContain('applied  0001_create_catalogue');
    expect(await migrate('status')).not.toMatch(/^pending/m);
    expect(await migrate('down')).toMatch(/^reverted \d{4}_/);
    expect(await migrate('status')).toMatch(/^pending {2}\d{4}_/m);
    expect(await migrate('up')).toMatch(/^applied {2}\d{4}_/);
  });
});
