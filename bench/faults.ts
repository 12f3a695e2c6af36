// npm run faults: two real server processes on one PostgreSQL database and Redis,
// SMTP to a capture server, each behind a TCP proxy in this process; per scenario
// a short load (20 callers, 10 s) with a fault injected at 3 s and lifted at 7 s
// (the database stall lasts 15 s, past the query timeout). Prints per scenario:
// requests, status histogram, processes alive (not crashed), until when after the
// fault requests failed (5xx or no answer), and at the end the mail each scenario caused: queued, delivered,
// pending, lost (must be 0). Env: FAULTS_DATABASE_URL, FAULTS_REDIS_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSmtpListener } from '../test/support/smtp-listener.js';
import { startTcpProxy, type TcpProxy } from '../test/support/tcp-proxy.js';
import { startTarget, stopTarget, type Target } from './processes.js';

const PG_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CALLERS = 20;
const LOAD_MS = 10_000;
const FAULT_AT_MS = 3_000;
const LIFT_AT_MS = 7_000;
const PASSWORD = 'plum-orchard-lantern-42';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};

interface Answer {
  status: number | 'error';
  at: number;
}

let xff = 0;
/** One request of the mix: mostly catalogue reads, reset requests (limited), a few registrations. */
async function oneRequest(base: string, caller: number, n: number, scenario: string) {
  const address = `198.18.${(++xff >> 8) & 255}.${xff & 255}`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address };
  if (caller === 0 && n % 4 === 0) {
    const email = `faults-${scenario}-${randomBytes(4).toString('hex')}@example.com`;
    const body = { email, password: PASSWORD, first_name: 'Ann', last_name: 'Lee' };
    return fetch(`${base}/api/customers/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
  }
  if (caller % 5 === 1) {
    // One address and email for all: the limit (5 per 15 min) must keep biting.
    return fetch(`${base}/api/customers/password-reset/request`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': '198.19.0.1' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
  }
  return fetch(`${base}/api/items?min_price=${n}`, { headers });
}

/** Processes stopped on purpose (SIGTERM), as opposed to crashed. */
const stopped = new Set<Target>();

async function load(
  targets: Target[],
  scenario: string,
  fault: () => Promise<unknown>,
  lift: () => Promise<unknown>,
  { liftAtMs = LIFT_AT_MS, loadMs = LOAD_MS } = {},
) {
  const answers: Answer[] = [];
  const started = Date.now();
  const callers = Array.from({ length: CALLERS }, async (_, caller) => {
    for (let n = 0; Date.now() - started < loadMs; n++) {
      // As a load balancer would: only to processes still listening.
      const up = targets.filter((t) => !stopped.has(t));
      const target = up[(caller + n) % up.length]!;
      try {
        const res = await oneRequest(target.base, caller, n, scenario);
        await res.arrayBuffer();
        answers.push({ status: res.status, at: Date.now() });
      } catch {
        answers.push({ status: 'error', at: Date.now() });
        await sleep(50);
      }
    }
  });
  await sleep(FAULT_AT_MS);
  const faultAt = Date.now();
  await fault();
  await sleep(liftAtMs - FAULT_AT_MS);
  await lift();
  await Promise.all(callers);
  const failed = (a: Answer) => a.status === 'error' || a.status >= 500;
  const failures = answers.filter(failed);
  const histogram: Record<string, number> = {};
  for (const a of answers) histogram[a.status] = (histogram[a.status] ?? 0) + 1;
  return {
    requests: answers.length,
    histogram,
    alive: targets.map((t) =>
      stopped.has(t)
        ? `stopped(exit ${t.child.exitCode})`
        : t.child.exitCode === null
          ? 'yes'
          : 'CRASHED',
    ),
    liftedAfterMs: liftAtMs - FAULT_AT_MS,
    lastFailureMs: failures.length ? Math.max(...failures.map((a) => a.at)) - faultAt : null,
  };
}

async function main() {
  const name = `shop_faults_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${name}`;
  const direct = new pg.Client({ connectionString: dbUrl.href });
  const smtp = await startSmtpListener();
  const proxies: Record<'db' | 'redis' | 'smtp', TcpProxy> = {
    db: await startTcpProxy(hostPort(PG_URL)),
    redis: await startTcpProxy(hostPort(REDIS_URL)),
    smtp: await startTcpProxy(hostPort(smtp.url)),
  };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-faults-'));
  const env = (i: number) => ({
    DATABASE_URL: proxies.db.url(dbUrl.href),
    REDIS_URL: proxies.redis.url(REDIS_URL),
    SMTP_URL: proxies.smtp.url(smtp.url),
    DATA_DIR: path.join(dataDir, `instance-${i}`),
    TRUST_PROXY: 'true',
  });
  const targets: Target[] = [];
  const rows: string[] = [];
  try {
    // One after the other: both would migrate the new database at once.
    targets.push(await startTarget('a', 'src/server.ts', env(0), '/readyz'));
    targets.push(await startTarget('b', 'src/server.ts', env(1), '/readyz'));
    await direct.connect();
    const print = (scenario: string, r: Awaited<ReturnType<typeof load>>, extra = '') => {
      const failing =
        r.lastFailureMs === null
          ? 'no failed request'
          : `last failure ${r.lastFailureMs} ms after the fault began`;
      const line = `${scenario.padEnd(22)} requests ${String(r.requests).padStart(5)}  statuses ${JSON.stringify(r.histogram)}  alive ${r.alive.join('/')}  fault lasted ${r.liftedAfterMs} ms, ${failing}${extra}`;
      rows.push(line);
      console.log(line);
    };
    const nothing = async () => {};

    print(
      'kill-db-backends',
      await load(
        targets,
        'kill',
        () =>
          direct.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          ),
        nothing,
      ),
    );
    print(
      'redis-refused',
      await load(
        targets,
        'redisdown',
        () => proxies.redis.refuse(),
        () => proxies.redis.forward(),
      ),
    );
    print(
      'redis-stalled',
      await load(
        targets,
        'redisstall',
        () => proxies.redis.stall(),
        () => proxies.redis.forward(),
      ),
    );
    print(
      'smtp-down-then-up',
      await load(
        targets,
        'smtpdown',
        () => proxies.smtp.refuse(),
        () => proxies.smtp.forward(),
      ),
    );
    print(
      'db-stalled',
      await load(
        targets,
        'dbstall',
        () => proxies.db.stall(),
        () => proxies.db.forward(),
        { liftAtMs: FAULT_AT_MS + 15_000, loadMs: 22_000 },
      ),
    );

    // Hung SMTP at shutdown: sends in flight on a server that never answers, then SIGTERM.
    let exitMs = 0;
    const hung = await load(
      targets,
      'smtphung',
      () => proxies.smtp.stall(),
      async () => {
        const started = Date.now();
        stopped.add(targets[0]!);
        await stopTarget(targets[0]!);
        exitMs = Date.now() - started;
        await proxies.smtp.forward({ heal: false });
      },
    );
    print(
      'smtp-hung-at-shutdown',
      hung,
      `  (instance a exited ${exitMs} ms after SIGTERM, code ${targets[0]!.child.exitCode})`,
    );
    stopped.delete(targets[0]!);
    targets[0] = await startTarget('a', 'src/server.ts', env(0), '/readyz');

    // Mail: whatever is pending is retried on its backoff (1 min, then 2 min…); wait for it.
    const settleUntil = Date.now() + 240_000;
    const pending = async () =>
      Number(
        (
          await direct.query(
            "SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND recipient LIKE 'faults-%'",
          )
        ).rows[0].n,
      );
    while (Date.now() < settleUntil && (await pending()) > 0) await sleep(2_000);
    const outbox = await direct.query<{ recipient: string; sent: boolean; state: string }>(
      `SELECT o.recipient, o.sent_at IS NOT NULL AS sent, j.state FROM mail_outbox o JOIN jobs j ON j.id = o.job_id WHERE o.recipient LIKE 'faults-%'`,
    );
    const registered = await direct.query<{ email: string }>(
      "SELECT email FROM customers WHERE email LIKE 'faults-%'",
    );
    const delivered = new Set(smtp.received.flatMap((m) => m.to));
    console.log('\nmail per scenario (a registration queues a verification mail):');
    for (const scenario of ['kill', 'redisdown', 'redisstall', 'smtpdown', 'dbstall', 'smtphung']) {
      const mine = (email: string) => email.startsWith(`faults-${scenario}-`);
      const customers = registered.rows.filter((r) => mine(r.email));
      const queued = outbox.rows.filter((r) => mine(r.recipient));
      const got = customers.filter((c) => delivered.has(c.email)).length;
      const waiting = queued.filter((r) => !r.sent && r.state !== 'failed').length;
      const lost = customers.length - got - waiting;
      const line = `${scenario.padEnd(12)} registered ${customers.length}  queued ${queued.length}  delivered ${got}  pending ${waiting}  lost ${lost}`;
      rows.push(line);
      console.log(line);
    }
  } finally {
    for (const target of targets) await stopTarget(target);
    await direct.end().catch(() => {});
    for (const proxy of Object.values(proxies)) await proxy.close();
    await smtp.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
