import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.js';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { makeCustomer, withSession } from '../support/customer-factories.js';
import { eventually } from '../support/eventually.js';
import { makeItem } from '../support/factories.js';
import { type IndependentInstance, independentInstance } from '../support/independent-instance.js';
import { onPostgres } from '../support/test-database.js';

// Two instances that share nothing but the PostgreSQL database: own pools, own
// LISTEN connections, own clocks and memory. Neither instance's clock moves, so
// its in-memory answers never age out here: only the database's notifications
// (or a listener known to be down) can make it read again.

describe.runIf(onPostgres)('two instances on one database (PostgreSQL)', () => {
  let t: TestApp;
  let b: IndependentInstance;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    b = await independentInstance(t, 'b');
    await eventually(async () => b.database.notifications.live);
  });
  afterAll(async () => {
    await b?.close();
    await t.close();
  });

  const get = (app: App, url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, ...(cookie ? withSession(cookie) : {}) });

  it('a write on one instance changes what the other serves', async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'On the shelf' });
    const list = await get(b.app, '/api/items');
    expect((await get(b.app, `/api/items/${item.id}`)).statusCode).toBe(200);

    expect((await admin('POST', `/api/admin/items/${item.id}/unpublish`)).statusCode).toBe(200);
    await eventually(async () => (await get(b.app, `/api/items/${item.id}`)).statusCode === 404);
    const after = await get(b.app, '/api/items');
    expect(after.headers.etag).not.toBe(list.headers.etag);
    expect(after.json().items.map((i: { id: number }) => i.id)).not.toContain(item.id);
  });

  it('a disable on one instance makes the cookie fail on the other', async () => {
    const admin = await adminClient(t.app);
    const customer = await makeCustomer(t);
    expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(200);
    expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(200);

    expect((await admin('POST', `/api/admin/customers/${customer.id}/disable`)).statusCode).toBe(
      200,
    );
    await eventually(
      async () => (await get(b.app, '/api/customers/me', customer.cookie)).statusCode === 401,
    );
  });

  it('a sign-out on one instance ends the session on the other', async () => {
    const customer = await makeCustomer(t);
    expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(200);
    expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/customers/logout',
      ...withSession(customer.cookie),
    });
    expect(out.statusCode).toBeLessThan(300);
    await eventually(
      async () => (await get(b.app, '/api/customers/me', customer.cookie)).statusCode === 401,
    );
  });

  it('while its listener misses a heartbeat, the other instance checks every session in the database', async () => {
    const customer = await makeCustomer(t);
    expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(200);
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${b.listenerName}`.execute(t.db);
    expect(rows).toHaveLength(1);
    const pid = rows[0]!.pid;
    process.kill(pid, 'SIGSTOP'); // throws (and fails the test) where the server cannot be signalled
    try {
      await eventually(async () => !b.database.notifications.live, 15_000);
      // Announced to a listener that cannot hear it: only reading the database finds it.
      await t.app.inject({
        method: 'POST',
        url: '/api/customers/logout',
        ...withSession(customer.cookie),
      });
      expect((await get(b.app, '/api/customers/me', customer.cookie)).statusCode).toBe(401);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await eventually(async () => b.database.notifications.live, 15_000);
  }, 40_000);
});
