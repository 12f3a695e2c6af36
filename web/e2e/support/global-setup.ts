import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, hasChromium } from './chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Builds the server and the client once, as `npm start` does (scripts/build-if-stale.mjs:
 * only what changed), so a journey that runs `npm start` itself finds them built.
 */
export default function setup(): void {
  if (!hasChromium) {
    console.log(
      `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
    return;
  }
  // Vitest sets NODE_ENV=test, which would bundle React's development build.
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
