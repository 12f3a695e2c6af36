import { type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_APPLICATION_NAME } from '../../src/db/notifications.js';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { makeCustomer, withSession } from '../support/customer-factories.js';
import { eventually } from '../support/eventually.js';
import { makeItem } from '../support/factories.js';
import { QueryCounter } from '../support/query-counter.js';
import { currentDatabaseUrl } from '../support/row-lock-barrier.js';
import { onPostgres } from '../support/test-database.js';

// What each instance keeps in memory (the catalogue version and recent session
// checks), and how it learns that memory is stale: its own commits at once,
// other connections' commits by database notification.

let t: TestApp;
const queries = new QueryCounter();
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV, plugins: [queries] });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers, ...(cookie ? withSession(cookie) : {}) });

describe('storefront reads from memory', () => {
  it('answers a repeated read, and its 304, without a single query', async () => {
    await makeItem(t.db);
    // Memory answers only while the listener is confirmed (a start-up under heavy
    // load can outlast the first confirmation).
    await eventually(async () => t.database.notifications.live, 15_000);
    const first = await get('/api/items');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    // The first list asked for starts loading the index; until it has (longer on a
    // busy machine), a list no cache holds is worked out in SQL.
    await t.app.storefrontMemory.settled();
    let again!: Awaited<ReturnType<typeof get>>;
    let notModified!: Awaited<ReturnType<typeof get>>;
    const sent = await queries.during(async () => {
      again = await get('/api/items');
      notModified = await get('/api/items', { 'if-none-match': etag });
    });
    expect(sent).toBe(0);
    expect(again.body).toBe(first.body);
    expect(notModified.statusCode).toBe(304);
  });

  it('computes a missed answer once for requests that arrive together', async () => {
    await makeItem(t.db); // a new version: every cached answer is stale
    const url = '/api/items?sort=price_asc';
    let answers: Awaited<ReturnType<typeof get>>[] = [];
    const sent = await queries.during(async () => {
      answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    });
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // The version, the page's ids, then its items' JSON: not 8 of each. (Once the
    // storefront index has loaded, the ids are from memory and its read of the new
    // item may come instead: at most 3 either way.)
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(3);
  });

  it("answers a listed item's page from the JSON the list kept, without a query", async () => {
    await makeItem(t.db, { title: 'Listed, then opened' });
    const listed = JSON.parse((await get('/api/items?sort=price_desc')).body).items as Array<{
      id: number;
    }>;
    expect(listed.length).toBeGreaterThan(0);
    const pages: Array<{ statusCode: number; body: string }> = [];
    const sent = await queries.during(async () => {
      for (const item of listed) pages.push(await get(`/api/items/${item.id}`));
    });
    expect(sent).toBe(0);
    expect(pages.map((p) => p.statusCode)).toEqual(listed.map(() => 200));
    expect(pages.map((p) => JSON.parse(p.body))).toEqual(listed);
  });

  it("sees this process's own write on the very next request", async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'Own write' });
    expect((await get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await admin('POST', `/api/admin/items/${item.id}/unpublish`)).statusCode).toBe(200);
    expect((await get(`/api/items/${item.id}`)).statusCode).toBe(404);
  });
});

describe('session checks from memory', () => {
  it('checks a session once, then answers from memory', async () => {
    const customer = await makeCustomer(t);
    expect((await get('/api/items', {}, customer.cookie)).statusCode).toBe(200);
    const sent = await queries.during(async () => {
      for (let i = 0; i < 3; i++) await get('/api/items', {}, customer.cookie);
    });
    expect(sent).toBe(0);
  });

  it('refuses the cookie on the next request after sign-out, and after a disable', async () => {
    const signedOut = await makeCustomer(t);
    expect((await get('/api/customers/me', {}, signedOut.cookie)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/logout',
      ...withSession(signedOut.cookie),
    });
    expect((await get('/api/customers/me', {}, signedOut.cookie)).statusCode).toBe(401);

    const disabled = await makeCustomer(t);
    expect((await get('/api/customers/me', {}, disabled.cookie)).statusCode).toBe(200);
    const admin = await adminClient(t.app);
    expect((await admin('POST', `/api/admin/customers/${disabled.id}/disable`)).statusCode).toBe(
      200,
    );
    expect((await get('/api/customers/me', {}, disabled.cookie)).statusCode).toBe(401);
  });
});

describe.runIf(onPostgres)("this process's own catalogue write (PostgreSQL)", () => {
  // The statement that reads the catalogue version (items.repository.ts versionSeenBy).
  const versionRead = (node: RootOperationNode) =>
    node.kind === 'RawNode' && node.sqlFragments.join('').includes('catalogue_changes');

  it('is shown by the next /api/filters, which reads no version: the commit told it (0025)', async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'Dearest', priceCents: 9_000_000 });
    await eventually(async () => t.database.notifications.live, 15_000);
    expect(JSON.parse((await get('/api/filters')).body).price.max).toBe(9_000_000);
    for (const price of [9_000_050, 9_000_100]) {
      const edited = await admin('PATCH', `/api/admin/items/${item.id}`, { price_cents: price });
      expect(edited.statusCode).toBe(200);
      let filters!: Awaited<ReturnType<typeof get>>;
      const reads = await queries.during(async () => {
        filters = await get('/api/filters');
      }, versionRead);
      expect(JSON.parse(filters.body).price.max).toBe(price);
      expect(reads).toBe(0);
    }
  });
});

describe.runIf(onPostgres)('writes from another connection (PostgreSQL)', () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: await currentDatabaseUrl(t.db) });
    await other.connect();
  });
  afterAll(() => other.end());

  it('a catalogue change is heard by notification, and the next read shows it', async () => {
    const item = await makeItem(t.db, { title: 'Before' });
    expect(JSON.parse((await get(`/api/items/${item.id}`)).body).title).toBe('Before');
    await other.query(`UPDATE items SET title = 'After' WHERE id = $1`, [item.id]);
    await eventually(
      async () => JSON.parse((await get(`/api/items/${item.id}`)).body).title === 'After',
    );
  });

  it('an ended session or a disabled customer is heard by notification', async () => {
    const signedOut = await makeCustomer(t);
    const disabled = await makeCustomer(t);
    for (const c of [signedOut, disabled])
      expect((await get('/api/customers/me', {}, c.cookie)).statusCode).toBe(200);
    await other.query('DELETE FROM customer_sessions WHERE customer_id = $1', [signedOut.id]);
    await other.query('UPDATE customers SET disabled_at = now() WHERE id = $1', [disabled.id]);
    for (const c of [signedOut, disabled])
      await eventually(
        async () => (await get('/api/customers/me', {}, c.cookie)).statusCode === 401,
      );
  });

  it('while the listening connection is down, every read goes to the database; then memory resumes', async () => {
    const item = await makeItem(t.db, { title: 'Listening' });
    await get(`/api/items/${item.id}`);
    // Found by its name: its last query is the heartbeat as often as the LISTEN.
    const { rows } = await sql<{ ended: boolean }>`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${NOTIFICATIONS_APPLICATION_NAME}`.execute(
      t.db,
    );
    expect(rows).toEqual([{ ended: true }]);
    await eventually(async () => !t.database.notifications.live);

    // Announced to nobody: only reading the database finds it.
    await other.query(`UPDATE items SET title = 'Unheard' WHERE id = $1`, [item.id]);
    expect(JSON.parse((await get(`/api/items/${item.id}`)).body).title).toBe('Unheard');
    expect(await queries.during(() => get(`/api/items/${item.id}`))).toBeGreaterThan(0);

    await eventually(async () => t.database.notifications.live);
    await get(`/api/items/${item.id}`);
    // The storefront index missed what was said while no one listened: it reads the
    // catalogue again in the background, and those statements are not this read's.
    await t.app.storefrontMemory.settled();
    expect(await queries.during(() => get(`/api/items/${item.id}`))).toBe(0);
  });

  it('a listening connection that stops answering (no error, no reset) is noticed by its heartbeat', async () => {
    const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${NOTIFICATIONS_APPLICATION_NAME}`.execute(
      t.db,
    );
    expect(rows).toHaveLength(1);
    const pid = rows[0]!.pid;
    // The server process behind it freezes, as behind a dead link. Where this
    // process cannot signal it, this throws: the test fails rather than pass untried.
    process.kill(pid, 'SIGSTOP');
    try {
      await eventually(async () => !t.database.notifications.live, 15_000);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await eventually(async () => t.database.notifications.live, 15_000);
  }, 40_000);

  it('a version changed without any announcement is read again within the recheck interval', async () => {
    const first = await get('/api/items');
    // A numbered change with the commit trigger switched off: nothing is announced.
    await other.query(`BEGIN; SET LOCAL session_replication_role = replica;
      INSERT INTO catalogue_changes (version) VALUES (nextval('catalogue_version_seq')); COMMIT`);
    expect((await get('/api/items')).headers.etag).toBe(first.headers.etag);
    t.clock.advance(5_000);
    expect((await get('/api/items')).headers.etag).not.toBe(first.headers.etag);
  });
});
