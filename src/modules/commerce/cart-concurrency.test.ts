import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { type MadeCustomer, makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';
import type { App } from '../../context.js';

const MINUTE = 60_000;

describe.runIf(onPostgres)('carts under concurrency, on PostgreSQL (spec 1)', () => {
  let t: TestApp;
  let url: string;
  let sibling: App;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await currentDatabaseUrl(t.db);
    sibling = await t.sibling();
  });
  afterAll(() => t.close());

  const customers = async (n: number) => {
    const made: MadeCustomer[] = [];
    for (let i = 0; i < n; i++) made.push(await makeCustomer(t));
    return made;
  };

  it('20 customers reserve the same item at once: exactly one holds it', async () => {
    const item = await makeItem(t.db);
    const crowd = await customers(20);
    // Every reservation queues on the item's row lock, then runs one after another.
    const answers = await raceOnRow(
      url,
      { text: 'SELECT id FROM items WHERE id = $1 FOR UPDATE', values: [item.id] },
      'update "items"%',
      20,
      () => crowd.map((customer) => addToCart(t, customer.cookie, item.id)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error.code).toBe('item_unavailable');
    }
    const winner = crowd[statuses.indexOf(200)]!;
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'reserved', reserved_by: winner.id });
  });

  it('20 customers without a barrier, across two instances: still exactly one', async () => {
    const item = await makeItem(t.db);
    const crowd = await customers(20);
    const answers = await Promise.all(
      crowd.map((customer, i) =>
        (i % 2 === 0 ? t.app : sibling).inject({
          method: 'POST',
          url: '/api/cart/items',
          payload: { item_id: item.id },
          cookies: { shop_session: customer.cookie },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const row = await itemRow(t, item.id);
    expect(crowd[answers.findIndex((answer) => answer.statusCode === 200)]!.id).toBe(
      row.reserved_by,
    );
  });

  describe('two schedulers started together send each reminder exactly once', () => {
    // The race winners above hold items too: let those holds run out first.
    beforeAll(async () => {
      t.clock.advance(31 * MINUTE);
      await t.app.cartJobs.releaseExpiredHolds();
    });

    async function dueCarts(n: number) {
      const holders = await customers(n);
      for (const holder of holders) {
        expect((await addToCart(t, holder.cookie, (await makeItem(t.db)).id)).statusCode).toBe(200);
      }
      t.clock.advance(25 * MINUTE); // every hold now ends within the reminder lead
      return holders;
    }

    async function expectOneReminderEach(holders: MadeCustomer[]) {
      await t.app.jobs.drain();
      await sibling.jobs.drain();
      for (const holder of holders) expect(t.mail.to(holder.email)).toHaveLength(1);
      expect(t.mail.messages).toHaveLength(holders.length);
    }

    it('both instances’ jobs called at once, several rounds', async () => {
      t.mail.clear();
      const holders = await dueCarts(12);
      const claimed = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? t.app : sibling).cartJobs.sendCartReminders(),
        ),
      );
      expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(12);
      await expectOneReminderEach(holders);
      t.clock.advance(10 * MINUTE);
      await t.app.cartJobs.releaseExpiredHolds();
    });

    it('two running job workers, one per instance', async () => {
      t.mail.clear();
      const holders = await dueCarts(10);
      await Promise.all([t.app, sibling].map((app) => app.jobs.start()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all([t.app, sibling].map((app) => app.jobs.stop()));
      await expectOneReminderEach(holders);
      t.clock.advance(10 * MINUTE);
      await t.app.cartJobs.releaseExpiredHolds();
    });

    it('a customer row locked by another instance’s claim is skipped, then reminded once', async () => {
      t.mail.clear();
      const [busy, free] = await dueCarts(2);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [busy!.id]);
        expect(await t.app.cartJobs.sendCartReminders()).toBe(1); // does not wait for the lock
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
      expect(await sibling.cartJobs.sendCartReminders()).toBe(1);
      expect(await t.app.cartJobs.sendCartReminders()).toBe(0);
      await expectOneReminderEach([busy!, free!]);
      t.clock.advance(10 * MINUTE);
      await t.app.cartJobs.releaseExpiredHolds();
    });
  });
});
