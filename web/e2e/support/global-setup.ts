import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, hasChromium } from './chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Builds the server and the client once, as `npm start` would, before any journey. */
export default function setup(): void {
  if (!hasChromium) {
    console.log(
      `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
    return;
  }
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  // Vitest sets NODE_ENV=test, which would bundle React's development build.
  execFileSync('npm', ['run', 'build:web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
