/**
 * `npm run dev`: the API (restarting on change) and Vite (hot reload, proxying /api and
 * /media to the API) side by side; open the address Vite prints. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

// The browser's origin is Vite's, so the API takes it as its public origin: writes pass
// the same-origin check and links in dev mail open the dev client.
const apiEnv = {
  ...process.env,
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:5173',
};

const children: ChildProcess[] = [
  spawn('npm', ['run', 'dev:api'], { stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev:web'], { stdio: 'inherit' }),
];

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
