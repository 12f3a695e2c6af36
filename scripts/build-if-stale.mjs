// Builds what `npm start` runs only when its sources changed since the last build,
// so a restart listens within seconds instead of recompiling every time.
// A target is rebuilt when the SHA-256 of its inputs (paths and contents) differs
// from the one recorded in its output folder after the last successful build.
// Another build (the web client) is one more entry in TARGETS.
//
//   node scripts/build-if-stale.mjs            every target
//   node scripts/build-if-stale.mjs server     only the named ones
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-inputs';

/** @typedef {{ name: string, inputs: string[], output: string, command: string[], skip?: RegExp }} Target */

/** @type {Target[]} */
export const TARGETS = [
  {
    name: 'server',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: 'dist',
    command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'],
    // Tests are not compiled (tsconfig.build.json), so they do not make dist stale.
    skip: /\.test\.ts$/,
  },
  {
    // An empty PGlite cluster a first start loads instead of running initdb (scripts/pglite-template.mjs).
    name: 'pglite-template',
    inputs: ['package-lock.json', 'scripts/pglite-template.mjs'],
    output: 'dist-pglite',
    command: [process.execPath, 'scripts/pglite-template.mjs'],
  },
  {
    name: 'web',
    inputs: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'package-lock.json'],
    output: 'web/dist',
    command: [
      process.execPath,
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'web/vite.config.ts',
    ],
  },
];

/** Every file under the inputs, in a stable order. */
function inputFiles(root, target) {
  const files = [];
  for (const input of target.inputs) {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isFile()) {
      files.push(input);
      continue;
    }
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(root, path.join(entry.parentPath, entry.name));
      if (!target.skip?.test(relative)) files.push(relative);
    }
  }
  return files.sort();
}

/** SHA-256 over the inputs' paths and contents. */
export function inputsDigest(root, target) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, target)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isStale(root, target) {
  const stamp = path.join(root, target.output, STAMP);
  const recorded = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  return recorded !== inputsDigest(root, target);
}

/** Builds the target if stale; returns whether it built. Throws when the build fails. */
export function buildIfStale(root, target, log = console.error) {
  const digest = inputsDigest(root, target);
  const stamp = path.join(root, target.output, STAMP);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === digest) {
    log(`${target.name}: build is up to date`);
    return false;
  }
  log(`${target.name}: sources changed, building`);
  // A clean output folder: files of deleted sources must not linger in it.
  fs.rmSync(path.join(root, target.output), { recursive: true, force: true });
  const [command, ...args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${target.name}: build failed`);
  fs.mkdirSync(path.join(root, target.output), { recursive: true });
  fs.writeFileSync(stamp, `${digest}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const targets = wanted.length ? TARGETS.filter((t) => wanted.includes(t.name)) : TARGETS;
  try {
    for (const target of targets) buildIfStale(ROOT, target);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
