import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { onPostgres } from '../support/test-database.js';
import {
  loadLoop,
  type ProxiedInstance,
  proxiedInstance,
  sleep,
  waitUntil,
} from './proxied-instance.js';

// Issue 12 item 1: losing the database connections (failover, restart, admin kill,
// a pooler's idle timeout) must not end the process; requests in flight get 503
// database_unavailable and later ones succeed again without a restart.
describe.skipIf(!onPostgres)(
  'losing every database connection under load (PostgreSQL only: set TEST_DATABASE_URL)',
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

    // Each a search never seen, so each needs the database (a list the storefront index
    // can answer is answered from memory, as fast as the loop can ask).
    const items = (n: number) => `/api/items?q=loss${n}`;
    const ready = async () => (await instance.app.inject('/readyz')).statusCode === 200;

    it('connections cut and refused: 503 database_unavailable while down, /readyz not ready, then recovery without a restart', async () => {
      const load = loadLoop(instance.app, 8, items);
      await sleep(300);
      await instance.proxy.refuse(); // every connection cut, new ones refused
      const readyz = await instance.app.inject('/readyz');
      await sleep(500);
      await instance.proxy.forward();
      const recoveredIn = await waitUntil(ready, 10_000);
      await sleep(300);
      await load.stop();

      expect(readyz.statusCode).toBe(503);
      expect(readyz.json().error.code).toBe('database_unavailable');
      const statuses = new Set(load.answers.map((a) => a.status));
      expect([...statuses].sort()).toEqual([200, 503]);
      const refusals = load.answers.filter((a) => a.status !== 200);
      expect(refusals.every((a) => a.code === 'database_unavailable')).toBe(true);
      expect(recoveredIn).toBeLessThan(10_000);
      // The same process answers again; the last requests all succeeded.
      expect(load.answers.slice(-8).every((a) => a.status === 200)).toBe(true);
      expect((await instance.app.inject(items(1))).statusCode).toBe(200);
    });

    it('backends ended by an administrator (pg_terminate_backend) under load: the process lives on and recovers', async () => {
      const load = loadLoop(instance.app, 8, items);
      await sleep(300);
      const { rows } = await sql<{ ended: number }>`
        SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND application_name NOT LIKE 'vitest%'`.execute(t.db);
      await sleep(300);
      await waitUntil(ready, 10_000);
      await sleep(300);
      await load.stop();

      expect(rows[0]!.ended).toBeGreaterThan(0);
      const refusals = load.answers.filter((a) => a.status !== 200);
      expect(refusals.every((a) => a.status === 503 && a.code === 'database_unavailable')).toBe(
        true,
      );
      expect(load.answers.slice(-8).every((a) => a.status === 200)).toBe(true);
    });
  },
);
