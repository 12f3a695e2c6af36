import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// Migration 0014: catalogue writes no longer queue on one version row, and the
// version a reader is given never runs ahead of the data it can see.

describe.runIf(onPostgres)('the catalogue version under concurrent writes (PostgreSQL)', () => {
  let t: TestApp;
  let url: string;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    url = await currentDatabaseUrl(t.db);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end().catch(() => {});
  });
  afterAll(() => t.close());

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }

  /**
   * Resolves once `n` statements like `pattern` wait on a lock, or once `done()`
   * says stop (then with no deadline: a slow machine may take long to answer).
   */
  async function waitingOnLock(
    watcher: pg.Client,
    pattern: string,
    n = 1,
    done?: () => boolean,
  ): Promise<void> {
    const deadline = done ? Number.POSITIVE_INFINITY : Date.now() + 20_000;
    while (!done?.()) {
      const { rows } = await watcher.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
        [pattern],
      );
      if (rows[0].n >= n) return;
      if (Date.now() > deadline) throw new Error(`no statement like ${pattern} waits on a lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const title = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json().title as string;

  it('a cart add finishes while another transaction that wrote to the catalogue is still open', async () => {
    const edited = await makeItem(t.db, { title: 'Edited slowly' });
    const wanted = await makeItem(t.db);
    const customer = await makeCustomer(t);
    const writer = await connection();
    const watcher = await connection();

    await writer.query('BEGIN');
    await writer.query(`UPDATE items SET title = 'Edit still open' WHERE id = $1`, [edited.id]);
    const events: string[] = [];
    const add = addToCart(t, customer.cookie, wanted.id).then((answer) => {
      events.push('cart add answered');
      return answer;
    });
    // Until the add is answered, or found queued behind the open edit.
    await waitingOnLock(watcher, '%', 1, () => events.length > 0);
    await writer.query('COMMIT');
    events.push('edit committed');
    const answer = await add;

    expect(events).toEqual(['cart add answered', 'edit committed']);
    expect(answer.statusCode).toBe(200);
    expect(await itemRow(t, wanted.id)).toMatchObject({
      status: 'reserved',
      reserved_by: customer.id,
    });
  });

  it('a cart add beside an admin transaction on another held item neither waits nor deadlocks', async () => {
    const customer = await makeCustomer(t);
    const held = await makeItem(t.db);
    const added = await makeItem(t.db);
    expect((await addToCart(t, customer.cookie, held.id)).statusCode).toBe(200);
    const admin = await connection();

    // The admin's transaction holds the held item. The cart add touches only the
    // item it reserves (holds share the cart's first deadline and never move it),
    // and no row is shared by every catalogue write: it is answered while the admin's
    // transaction is still open. Before, it queued on the held item (to move its
    // deadline) and on the version row, and deadlocked with the mark-sold below.
    await admin.query('BEGIN');
    await admin.query('SELECT id FROM items WHERE id = $1 FOR UPDATE', [held.id]);
    const answer = await addToCart(t, customer.cookie, added.id);
    expect(answer.statusCode).toBe(200);
    await admin.query(
      `UPDATE items SET status = 'sold', sold_at = now(), updated_at = now(),
              reserved_by = NULL, reserved_until = NULL WHERE id = $1`,
      [held.id],
    );
    await admin.query('COMMIT');

    expect(await itemRow(t, held.id)).toMatchObject({ status: 'sold', reserved_by: null });
    expect(await itemRow(t, added.id)).toMatchObject({
      status: 'reserved',
      reserved_by: customer.id,
    });
  });

  it('versions follow commit order: a write committed last is never hidden behind an earlier number', async () => {
    const first = await makeItem(t.db, { title: 'First, unchanged' });
    const second = await makeItem(t.db, { title: 'Second, unchanged' });
    expect(await title(first.id)).toBe('First, unchanged');
    expect(await title(second.id)).toBe('Second, unchanged');
    const early = await connection();
    const late = await connection();
    const version = async () =>
      Number(
        (await sql<{ v: number }>`SELECT max(version) AS v FROM catalogue_changes`.execute(t.db))
          .rows[0]!.v,
      );

    // The early writer writes first but commits last.
    await early.query('BEGIN');
    await early.query(`UPDATE items SET title = 'First, changed' WHERE id = $1`, [first.id]);
    await late.query('BEGIN');
    await late.query(`UPDATE items SET title = 'Second, changed' WHERE id = $1`, [second.id]);
    await late.query('COMMIT');
    const afterLate = await version();
    await expect.poll(() => title(second.id)).toBe('Second, changed');
    expect(await title(first.id)).toBe('First, unchanged');
    const etagBetween = (await t.app.inject({ method: 'GET', url: '/api/items' })).headers.etag;

    await early.query('COMMIT');
    expect(await version()).toBeGreaterThan(afterLate);
    // Announced by notification to this instance (it did not write): heard, not waited for.
    await expect.poll(() => title(first.id), { timeout: 3_000 }).toBe('First, changed');
    const list = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(list.headers.etag).not.toBe(etagBetween);
    expect(list.json().items.map((i: { title: string }) => i.title)).toContain('First, changed');
  });

  it('a numbered version is visible with its data: a commit waiting to be numbered shows neither', async () => {
    const item = await makeItem(t.db, { title: 'Not yet' });
    const before = (await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).headers
      .etag;
    const gate = await connection();
    const writer = await connection();
    const watcher = await connection();
    // Hold the numbering lock, as a commit being numbered would.
    await gate.query(`SELECT pg_advisory_lock('catalogue_changes'::regclass::oid::integer, 0)`);
    await writer.query('BEGIN');
    await writer.query(`UPDATE items SET title = 'Now' WHERE id = $1`, [item.id]);
    const commit = writer.query('COMMIT');
    await waitingOnLock(watcher, 'COMMIT');

    // The writer is committing but not yet visible: neither version nor data moved.
    t.clock.advance(5_000); // past the recheck: the version is read from the database
    const during = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    expect(during.json().title).toBe('Not yet');
    expect(during.headers.etag).toBe(before);

    await gate.query(`SELECT pg_advisory_unlock('catalogue_changes'::regclass::oid::integer, 0)`);
    await commit;
    await expect.poll(() => title(item.id), { timeout: 3_000 }).toBe('Now');
  });
});
