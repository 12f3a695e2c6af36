import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { KyselyPlugin } from 'kysely';
import { type AppDeps, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { App } from '../../src/context.js';
import type { DatabaseHandle, Db } from '../../src/db/database.js';
import { LogCapture } from './capture-log.js';
import { CaptureMail } from './capture-mail.js';
import { FakeClock } from './fake-clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: App;
  db: Db;
  /** The handle the app runs on (its notifications, for tests of what they drive). */
  database: DatabaseHandle;
  config: Config;
  clock: FakeClock;
  logs: LogCapture;
  /** Mail the app sent (unless SMTP_URL is set); `await mail.settle()` before asserting. */
  mail: CaptureMail;
  dataDir: string;
  /** Builds another app instance on the same database and Redis namespace (several instances). */
  sibling(env?: Record<string, string>): Promise<App>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** Kysely plugins on the app's queries only (not the test's own `db`), e.g. a query counter. */
  plugins?: KyselyPlugin[];
}

async function testRedis(): Promise<{
  redis: Redis | null;
  nameSpace: string;
  cleanup(): Promise<void>;
}> {
  const nameSpace = `shop-test-${randomBytes(6).toString('hex')}:`;
  const url = process.env.TEST_REDIS_URL;
  if (!url) return { redis: null, nameSpace, cleanup: async () => {} };
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  return {
    redis,
    nameSpace,
    async cleanup() {
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * Redis-backed limits with TEST_REDIS_URL, a fake clock and a captured log.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  // No built web client unless a test gives one: tests never depend on `web/dist`.
  const baseEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  };
  const config = loadConfig({ ...baseEnv, ...options.env });
  const database: TestDatabase = await createTestDatabase();
  const { redis, nameSpace, cleanup } = await testRedis();
  const clock = new FakeClock();
  const logs = new LogCapture();
  const mail = new CaptureMail();
  const appDatabase: DatabaseHandle = {
    ...database.handle,
    db: (options.plugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), database.handle.db),
  };
  const deps: AppDeps = {
    database: appDatabase,
    redis,
    rateLimitNameSpace: nameSpace,
    clock,
    logStream: logs,
    // With SMTP_URL the real transport is used (a test runs its own SMTP listener).
    ...(options.env?.SMTP_URL ? {} : { mailTransport: mail }),
    ...options.deps,
  };
  const app = await buildApp(config, deps);
  mail.settle = () => app.jobs.drain();
  const siblings: App[] = [];

  return {
    app,
    db: database.handle.db,
    database: appDatabase,
    config,
    clock,
    logs,
    mail,
    dataDir,
    async sibling(env = {}) {
      const other = await buildApp(loadConfig({ ...baseEnv, ...options.env, ...env }), deps);
      siblings.push(other);
      return other;
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await cleanup();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
