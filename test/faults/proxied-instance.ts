import path from 'node:path';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { App } from '../../src/context.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import type { TestApp } from '../support/build-test-app.js';
import { LogCapture } from '../support/capture-log.js';
import { CaptureMail } from '../support/capture-mail.js';
import { currentDatabaseUrl } from '../support/row-lock-barrier.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

export interface ProxiedInstance {
  app: App;
  database: DatabaseHandle;
  /** Every connection of this instance to PostgreSQL goes through it. */
  proxy: TcpProxy;
  logs: LogCapture;
  /** What this instance sent. */
  mail: CaptureMail;
  close(): Promise<void>;
}

/** Host and port of a postgres:// or redis:// URL. */
export function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/**
 * Another instance of the service on `t`'s PostgreSQL database whose every
 * connection (pool and LISTEN) goes through a TCP proxy the test controls.
 */
export async function proxiedInstance(
  t: TestApp,
  deps: { redis?: Redis | null; env?: Record<string, string> } = {},
): Promise<ProxiedInstance> {
  const direct = await currentDatabaseUrl(t.db);
  const proxy = await startTcpProxy(hostAndPort(direct));
  const logs = new LogCapture();
  const mail = new CaptureMail();
  const pinoLike = {
    error: (details: object, message?: string) =>
      logs.write(`${JSON.stringify({ level: 50, msg: message, ...details })}\n`),
    warn: (details: object, message?: string) =>
      logs.write(`${JSON.stringify({ level: 40, msg: message, ...details })}\n`),
  };
  const database = await openDatabase({
    databaseUrl: proxy.url(direct),
    pgliteDir: null,
    log: pinoLike as never,
    maxConnections: 10,
    notificationsName: 'shop-service notifications proxied',
  });
  const app = await buildApp(
    loadConfig({
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(t.dataDir, 'no-web'),
      ...deps.env,
    }),
    {
      database,
      redis: deps.redis ?? null,
      clock: t.clock,
      logStream: logs,
      mailTransport: mail,
    },
  );
  return {
    app,
    database,
    proxy,
    logs,
    mail,
    async close() {
      await proxy.forward();
      await app.close();
      await database.close();
      await proxy.close();
    },
  };
}

/** Requests in a loop from `concurrency` callers until stopped; every answer is kept. */
export function loadLoop(app: App, concurrency: number, url: (n: number) => string) {
  const answers: Array<{ status: number; code?: string; at: number }> = [];
  let running = true;
  let n = 0;
  const callers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const res = await app.inject({ method: 'GET', url: url(n++) });
      const code = res.statusCode === 200 ? undefined : res.json()?.error?.code;
      answers.push({ status: res.statusCode, code, at: Date.now() });
      // An answer from memory settles without I/O: let timers (the test's own) run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(callers);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true or `withinMs` passes; returns how long it took. */
export async function waitUntil(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`not true within ${withinMs} ms`);
}
