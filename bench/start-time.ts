// npm run bench:start — seconds from `npm start` to a 200 from /healthz, twice on one
// DATA_DIR: the first start builds if sources changed since the last build (and creates
// the database), the second finds the build current and only starts.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port.js';

const root = path.resolve(import.meta.dirname, '..');

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so npm, its shell and the server stop together.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 300_000) throw new Error('no answer in 5 minutes');
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
try {
  const first = await timeToHealthy(dataDir);
  const second = await timeToHealthy(dataDir);
  console.log(
    `npm start → /healthz: first start ${first.toFixed(1)} s, second start ${second.toFixed(1)} s`,
  );
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
