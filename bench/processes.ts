// Target servers as child processes: start one on a free loopback port, wait until
// it answers, sample its RSS and CPU time, stop it by its own pid.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../test/support/free-port.js';

/**
 * Our server as `npm start` runs it: the compiled build (`npm run build` first),
 * so its memory and start-up are those of production, not of a TypeScript loader.
 */
export const SERVER = 'dist/server.js';

/**
 * Node's flags for our server as a busy storefront runs it: `npm start`'s, and a young
 * generation large enough that its requests die in it (decisions.md), which such a
 * deployment sets with NODE_OPTIONS (docs/deployment.md; `npm start` leaves it out,
 * for small hosts).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--liftoff-only'];
const OURS = new Set([SERVER, 'src/server.ts', 'bench/targets/uncached.ts']);

export interface Target {
  name: string;
  base: string;
  child: ChildProcess;
  stderr: string[];
}

/**
 * Starts `node [nodeArgs] script` (our server with SERVER_NODE_ARGS first, a .ts
 * script with `--import tsx`) with the env given plus PORT, and waits for
 * `readyPath` to answer.
 */
export async function startTarget(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<Target> {
  const port = await freePort();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const ours = OURS.has(script) ? SERVER_NODE_ARGS : [];
  const child = spawn(process.execPath, [...ours, ...nodeArgs, ...loader, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(base + readyPath);
      await res.arrayBuffer();
      if (res.status < 500) return { name, base, child, stderr };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start: ${stderr.join('')}`);
}

export function stopTarget(target: Target, killAfterMs = 10_000): Promise<void> {
  if (target.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => target.child.kill('SIGKILL'), killAfterMs);
    target.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    target.child.kill('SIGTERM');
  });
}

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/**
 * A process's name and CPU seconds so far (user + system), from /proc; null once it is
 * gone. With `thread`, one of its threads' alone (its pid: the main thread).
 */
export function procCpu(
  pid: number | undefined,
  thread?: number,
): { name: string; seconds: number } | null {
  let stat: string;
  try {
    stat = fs.readFileSync(
      thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
      'utf8',
    );
  } catch {
    return null;
  }
  // The name may hold spaces and parentheses: the fields start after the last ')'.
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
}

/**
 * Resolves once `pid` has used under 5 % of a core for half a second (or after
 * `maxMs`): a server started this round has finished what its first requests set
 * off (the storefront loads its index and makes its item JSON in the background).
 */
export async function quiet(pid: number | undefined, maxMs = 60_000): Promise<void> {
  const until = Date.now() + maxMs;
  let last = procCpu(pid);
  while (last && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = procCpu(pid);
    if (!now || now.seconds - last.seconds < 0.025) return;
    last = now;
  }
}

/** Resident set size of a process in MB, from /proc (0 where there is none). */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** One sample of a metric from a server started with METRICS_TOKEN `token` (NaN when absent). */
export async function serverMetric(base: string, token: string, name: string): Promise<number> {
  const text = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.text());
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/**
 * Until a server started with METRICS_TOKEN `token` has loaded its storefront index
 * once and its kept item JSON stopped growing for 3 s (warming done), or `maxMs`.
 * Its CPU alone does not tell: it idles while PostgreSQL counts the catalogue at the
 * load's start.
 */
export async function warmed(base: string, token: string, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  let cards = -1;
  let still = 0;
  while (Date.now() < until && still < 3) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const loaded = (await serverMetric(base, token, 'shop_storefront_index_reloads_total')) >= 1;
    const now = await serverMetric(base, token, 'shop_storefront_item_json_items');
    still = loaded && now === cards ? still + 1 : 0;
    cards = now;
  }
}
