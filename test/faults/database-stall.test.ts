import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { App } from '../../src/context.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { PGLITE_ACQUIRE_TIMEOUT_MS } from '../../src/db/pglite-pool.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { LogCapture } from '../support/capture-log.js';
import { CaptureMail } from '../support/capture-mail.js';
import { onPostgres } from '../support/test-database.js';
import { type ProxiedInstance, proxiedInstance, waitUntil } from './proxied-instance.js';

// Issue 12 item 6: a database that stops answering without closing the connection
// (a network partition, a stalled server) fails requests in seconds with 503; it
// never holds them. The bounds are POSTGRES_TIMEOUTS and PGLITE_ACQUIRE_TIMEOUT_MS.
const HANG_BOUND_MS = 25_000;

async function timed(app: App, url: string) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url });
  return { res, ms: Date.now() - started };
}

describe.skipIf(!onPostgres)(
  'PostgreSQL that stops answering (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let instance: ProxiedInstance;

    beforeAll(async () => {
      t = await buildTestApp();
      instance = await proxiedInstance(t);
    });
    afterAll(async () => {
      await instance?.close();
      await t?.close();
    });

    it('a request on a stalled connection fails with 503 database_unavailable in seconds; /readyz says so; a partition that never heals for the old connections still recovers on new ones', async () => {
      // Warm: the pool holds ten idle connections, all of which the stall will catch.
      const warm = await Promise.all(
        Array.from({ length: 10 }, (_, i) => instance.app.inject(`/api/items?min_price=${i}`)),
      );
      expect(warm.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      await instance.proxy.stall();

      // Each a search never seen, so each needs the database: a list the storefront
      // index can answer is answered from memory while notifications are trusted.
      const [readyz, ...stalled] = await Promise.all([
        timed(instance.app, '/readyz'),
        ...Array.from({ length: 10 }, (_, i) => timed(instance.app, `/api/items?q=stalled${i}`)),
      ]);
      for (const { res, ms } of stalled) {
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('database_unavailable');
        expect(ms).toBeLessThan(HANG_BOUND_MS);
      }
      expect(readyz.res.statusCode).toBe(503);
      expect(readyz.ms).toBeLessThan(HANG_BOUND_MS);

      // The stalled connections stay dead (as after a failover); new ones work at
      // once: the pool kept none of the connections whose answers timed out.
      await instance.proxy.forward({ heal: false });
      const recoveredIn = await waitUntil(async () => {
        const res = await instance.app.inject(`/api/items?q=recovered${Date.now()}`);
        return res.statusCode === 200;
      }, 5_000);
      expect(recoveredIn).toBeLessThan(5_000);
      // Every later request succeeds, however many run at once: no pooled
      // connection is left waiting on the partition.
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            timed(instance.app, `/api/items?q=round${round}x${i}`),
          ),
        );
        expect(answers.map((a) => a.res.statusCode)).toEqual(Array(12).fill(200));
        expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5_000);
      }
    });

    it('connections that sat idle through the partition are not lent once another timed out: the first request after it heals for new connections succeeds', async () => {
      // The partition catches one request while nine warm connections sit idle (few
      // customers, or requests that share one read). A partition never healing for
      // them, each would hold the request it is lent to for the whole query_timeout.
      const quiet = await proxiedInstance(t);
      try {
        await Promise.all(
          Array.from({ length: 10 }, () => sql`SELECT pg_sleep(0.05)`.execute(quiet.database.db)),
        );
        expect(quiet.database.poolStats()).toEqual({ inUse: 0, waiting: 0 });
        await quiet.proxy.stall();

        const caught = await timed(quiet.app, '/api/items?q=caught');
        expect(caught.res.statusCode).toBe(503);
        expect(caught.res.json().error.code).toBe('database_unavailable');
        expect(caught.ms).toBeLessThan(HANG_BOUND_MS);

        await quiet.proxy.forward({ heal: false });
        const first = await timed(quiet.app, '/api/items?q=first');
        expect(first.res.statusCode).toBe(200);
        expect(first.ms).toBeLessThan(5_000);
        const all = await Promise.all(
          Array.from({ length: 10 }, (_, i) => timed(quiet.app, `/api/items?q=after${i}`)),
        );
        expect(all.map((a) => a.res.statusCode)).toEqual(Array(10).fill(200));
        expect(Math.max(...all.map((a) => a.ms))).toBeLessThan(5_000);
      } finally {
        await quiet.close();
      }
    });
  },
);

describe('embedded PGlite whose one connection stays busy', () => {
  let database: DatabaseHandle;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-faults-'));
    const snapshot = inject('pgliteSnapshot');
    database = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      log: { error: () => {}, warn: () => {} },
      ...(snapshot ? { pgliteSnapshot: new Blob([await fs.readFile(snapshot)]) } : {}),
    });
    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') }),
      { database, redis: null, logStream: new LogCapture(), mailTransport: new CaptureMail() },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a request waits at most the acquire timeout, then gets 503 database_unavailable; the next one after the connection frees succeeds', async () => {
    let free!: () => void;
    const busy = database.db.connection().execute(
      () =>
        new Promise<void>((resolve) => {
          free = resolve;
        }),
    );
    const { res, ms } = await timed(app, '/api/items?min_price=1');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('database_unavailable');
    expect(ms).toBeGreaterThanOrEqual(PGLITE_ACQUIRE_TIMEOUT_MS - 100);
    // Observed about 22 s on a loaded machine: the request waits for the connection
    // more than once before it gives up (docs/operations.md). Bounded, never a hang.
    expect(ms).toBeLessThan(3 * PGLITE_ACQUIRE_TIMEOUT_MS);

    free();
    await busy;
    expect((await app.inject('/api/items?min_price=2')).statusCode).toBe(200);
  });
});
