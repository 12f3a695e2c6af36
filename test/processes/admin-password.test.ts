import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords.js';

// Each run starts a real process (a few seconds on a busy 2-core machine).
vi.setConfig({ testTimeout: 180_000 });
const root = path.resolve(import.meta.dirname, '../..');

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-admin-password-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

/** Runs a CLI with the password piped in, on the embedded database in dataDir. */
function cli(script: string, email: string, password: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL, REDIS_URL, SMTP_URL, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--email', email], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end(`${password}\n`);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function storedHash(): Promise<string> {
  const db = await PGlite.create(path.join(dataDir, 'db'));
  try {
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM admins');
    expect(rows).toHaveLength(1);
    return rows[0]!.password_hash;
  } finally {
    await db.close();
  }
}

describe('npm run admin:password', () => {
  it('sets a new password for an existing admin; an unknown address or a short password changes nothing', async () => {
    const created = await cli('src/cli/admin-create.ts', 'boss@example.com', 'first-password-123');
    expect(created.code).toBe(0);

    const changed = await cli(
      'src/cli/admin-password.ts',
      'Boss@Example.com',
      'second-password-456',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('changed');
    const hash = await storedHash();
    expect(await verifyPassword(hash, 'second-password-456')).toBe(true);
    expect(await verifyPassword(hash, 'first-password-123')).toBe(false);

    const unknown = await cli(
      'src/cli/admin-password.ts',
      'nobody@example.com',
      'third-password-789',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no admin with the address nobody@example.com');
    const short = await cli('src/cli/admin-password.ts', 'boss@example.com', 'short');
    expect(short.code).toBe(1);
    expect(await storedHash()).toBe(hash);
    // The password never shows up in what the command printed.
    expect(changed.stdout + changed.stderr).not.toContain('second-password-456');
  });
});
