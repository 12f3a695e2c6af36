import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build-if-stale.mjs';

// A newcomer's first `npm start` builds the web client (scripts/build-if-stale.mjs).
// Whatever that build prints, they read: a warning there must be one they can act on,
// and the project has none to give them.
const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-build-'));
afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

describe('the web client build that npm start runs', () => {
  it('prints no warning', () => {
    const web = TARGETS.find((target) => target.name === 'web');
    if (!web) throw new Error('no web build target');
    const [command, ...args] = web.command;
    // As a shell runs it: without the test runner's NODE_ENV=test (a development build).
    const { NODE_ENV: _testMode, ...env } = process.env;
    const run = spawnSync(command as string, [...args, '--outDir', outDir, '--emptyOutDir'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const printed = `${run.stdout}\n${run.stderr}`;
    expect(run.status, printed).toBe(0);
    const warnings = printed.split('\n').filter((line) => /warn|did not|deprecat/i.test(line));
    expect(warnings).toEqual([]);
  }, 120_000);
});
