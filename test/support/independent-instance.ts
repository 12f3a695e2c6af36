import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { App } from '../../src/context.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import type { TestApp } from './build-test-app.js';
import { LogCapture } from './capture-log.js';
import { CaptureMail } from './capture-mail.js';
import { FakeClock } from './fake-clock.js';
import { currentDatabaseUrl } from './row-lock-barrier.js';
import { NOT_ABOUT_FRESHNESS_MS } from './test-database.js';

export interface IndependentInstance {
  app: App;
  database: DatabaseHandle;
  clock: FakeClock;
  /** Its notification connection's application_name, to find it in pg_stat_activity. */
  listenerName: string;
  close(): Promise<void>;
}

const quietLog = { error: () => {}, warn: () => {} };

/**
 * Another instance of the service on the same PostgreSQL database, sharing
 * nothing else with `t`: its own pool, its own LISTEN connection, its own
 * clock, mail, memory and in-process rate limits (no Redis). What one instance
 * learns about the other's writes, it learns through the database.
 */
export async function independentInstance(
  t: TestApp,
  name: string,
  env: Record<string, string> = {},
  /** Kysely plugins on the instance's queries, e.g. a query counter. */
  plugins: KyselyPlugin[] = [],
  /** Its LISTEN connection's URL given the database's (say, through a proxy the test stalls). */
  listenUrl: (databaseUrl: string) => string = (url) => url,
  /** The feed's freshness bound: the real one only for tests about it. */
  feedFreshMs = NOT_ABOUT_FRESHNESS_MS,
): Promise<IndependentInstance> {
  const listenerName = `shop-service notifications ${name}`;
  const databaseUrl = await currentDatabaseUrl(t.db);
  const database = await openDatabase({
    databaseUrl,
    databaseListenUrl: listenUrl(databaseUrl),
    pgliteDir: null,
    log: quietLog,
    maxConnections: 10,
    notificationsName: listenerName,
    feedFreshMs,
  });
  const clock = new FakeClock(t.clock.now());
  const app = await buildApp(loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'info', ...env }), {
    database: {
      ...database,
      db: plugins.reduce((db, plugin) => db.withPlugin(plugin), database.db),
    },
    redis: null,
    clock,
    logStream: new LogCapture(),
    mailTransport: new CaptureMail(),
  });
  return {
    app,
    database,
    clock,
    listenerName,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
