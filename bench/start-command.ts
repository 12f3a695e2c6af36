import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The project's root, where package.json and dist/ are. */
export const root = path.resolve(import.meta.dirname, '..');

/** The node flags and environment `npm start` uses (package.json), so a bench starts the server as it does. */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const words = (scripts.start as string).split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = words.shift()!.split('=');
    env[name!] = value!;
  }
  if (words.shift() !== 'node') throw new Error('npm start no longer runs node directly');
  return { env, args: words };
}

/**
 * The built server started as `npm start` starts it, on `port`, quiet but for
 * warnings, with `env` added. BENCH_SERVER_NODE_FLAGS adds node flags that
 * NODE_OPTIONS refuses, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" for the server's profile.
 */
export function startServer(port: number, env: Record<string, string>): ChildProcess {
  const start = startCommand();
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  return spawn(process.execPath, [...flags, ...start.args], {
    cwd: root,
    env: { ...process.env, ...start.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
