import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, isStale, TARGETS, type Target } from '../../scripts/build-if-stale.mjs';

// `npm start` builds only when sources changed (prestart: scripts/build-if-stale.mjs).
// Tried on a small project of its own whose "build" counts its runs.
let root: string;
let target: Target;
const quiet = () => {};
const runs = async () =>
  Number(await fs.readFile(path.join(root, 'runs.txt'), 'utf8').catch(() => '0'));

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-build-'));
  await fs.mkdir(path.join(root, 'src/deep'), { recursive: true });
  await fs.writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  await fs.writeFile(path.join(root, 'src/deep/b.ts'), 'export const b = 2;\n');
  await fs.writeFile(path.join(root, 'src/a.test.ts'), '// a test\n');
  const build = `const fs=require('fs');fs.mkdirSync('out',{recursive:true});fs.writeFileSync('out/a.js','1');fs.writeFileSync('runs.txt',String(Number(fs.existsSync('runs.txt')?fs.readFileSync('runs.txt','utf8'):0)+1))`;
  target = {
    name: 'demo',
    inputs: ['src', 'tsconfig.json'],
    output: 'out',
    command: [process.execPath, '-e', build],
    skip: /\.test\.ts$/,
  };
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('build once, rebuild only when sources changed', () => {
  it('builds the first time, then starts without building', () => {
    expect(isStale(root, target)).toBe(true);
    expect(buildIfStale(root, target, quiet)).toBe(true);
    expect(isStale(root, target)).toBe(false);
    expect(buildIfStale(root, target, quiet)).toBe(false);
  });

  it('counts the build command runs: one so far', async () => {
    expect(await runs()).toBe(1);
  });

  it('rebuilds after a source changes, in a nested folder too, and after a file is added', async () => {
    await fs.writeFile(path.join(root, 'src/deep/b.ts'), 'export const b = 3;\n');
    expect(buildIfStale(root, target, quiet)).toBe(true);
    await fs.writeFile(path.join(root, 'tsconfig.json'), '{}');
    expect(buildIfStale(root, target, quiet)).toBe(true);
    expect(buildIfStale(root, target, quiet)).toBe(false);
    expect(await runs()).toBe(3);
  });

  it('a changed test file does not make the build stale', async () => {
    await fs.writeFile(path.join(root, 'src/a.test.ts'), '// changed\n');
    expect(isStale(root, target)).toBe(false);
  });

  it('a failed build records nothing, so the next start tries again', async () => {
    await fs.writeFile(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
    const failing = { ...target, command: [process.execPath, '-e', 'process.exit(2)'] };
    expect(() => buildIfStale(root, failing, quiet)).toThrow('demo: build failed');
    expect(isStale(root, target)).toBe(true);
  });

  it('the server target compiles src/ into dist/, where npm start runs it', () => {
    const server = TARGETS.find((t) => t.name === 'server');
    expect(server).toMatchObject({ output: 'dist' });
    expect(server?.inputs).toContain('src');
  });
});
