import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { addToCart } from '../support/commerce.js';
import { type MadeCustomer, makeCustomer } from '../support/customer-factories.js';
import { makeItem } from '../support/factories.js';
import { type IndependentInstance, independentInstance } from '../support/independent-instance.js';
import { onPostgres } from '../support/test-database.js';

// Issues 12 and 13 (item 8): two instances of the service on one PostgreSQL
// database, sharing nothing but the database (own pools, LISTEN connections,
// clocks and mail), both running the scheduled work at the same moments: each
// cart reminder is mailed exactly once and each expired hold released once.
const MINUTE = 60_000;

describe.skipIf(!onPostgres)(
  'two instances run the scheduled cart work (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let other: IndependentInstance;
    let holders: MadeCustomer[];
    let itemIds: number[];

    beforeAll(async () => {
      t = await buildTestApp();
      other = await independentInstance(t, 'scheduler-b');
      holders = [];
      itemIds = [];
      for (let i = 0; i < 12; i++) {
        const holder = await makeCustomer(t);
        const item = await makeItem(t.db);
        expect((await addToCart(t, holder.cookie, item.id)).statusCode).toBe(200);
        holders.push(holder);
        itemIds.push(item.id);
      }
      // Both workers run (and seed the recurring kinds) as in production.
      await Promise.all([t.app.jobs.start(), other.app.jobs.start()]);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    const advanceBoth = (ms: number) => {
      t.clock.advance(ms);
      other.clock.advance(ms);
    };
    /** Both workers run what is due at the same moment, several rounds. */
    async function bothRun(rounds = 3) {
      for (let round = 0; round < rounds; round++) {
        await Promise.all([t.app.jobs.drain(), other.app.jobs.drain()]);
      }
    }

    it('each cart reminder is queued once and mailed once, whichever instance sends it', async () => {
      advanceBoth(25 * MINUTE); // every hold now ends within the reminder lead
      await bothRun();

      const reminders = await t.db
        .selectFrom('mail_outbox')
        .innerJoin('jobs', 'jobs.id', 'mail_outbox.job_id')
        .select(['mail_outbox.recipient', 'mail_outbox.sent_at', 'jobs.attempts', 'jobs.state'])
        .where('mail_outbox.template', '=', 'cart-reminder')
        .execute();
      expect(reminders.map((r) => r.recipient).sort()).toEqual(holders.map((h) => h.email).sort());
      for (const reminder of reminders) {
        expect(reminder.sent_at).not.toBeNull();
        expect(reminder).toMatchObject({ state: 'done', attempts: 1 }); // one send each
      }
      // What this instance sent, it sent once; the rest went out through the other.
      for (const holder of holders) expect(t.mail.to(holder.email).length).toBeLessThanOrEqual(1);
    });

    it('each expired hold is released once, and each interval’s sweep runs on one instance only', async () => {
      advanceBoth(10 * MINUTE); // every hold has ended
      await bothRun();
      const items = await t.db
        .selectFrom('items')
        .select(['status', 'reserved_by'])
        .where('id', 'in', itemIds)
        .execute();
      expect(items.every((item) => item.status === 'available' && item.reserved_by === null)).toBe(
        true,
      );

      for (let interval = 0; interval < 4; interval++) {
        advanceBoth(30_000);
        await bothRun(2);
      }
      const runs = await t.db
        .selectFrom('jobs')
        .select(['run_at', 'state'])
        .where('kind', '=', 'cart.release-expired-holds')
        .execute();
      const due = runs.filter((run) => run.state !== 'queued');
      expect(due.length).toBeGreaterThanOrEqual(4);
      // One run per due time across both instances: never two for one interval.
      expect(new Set(due.map((run) => new Date(run.run_at).getTime())).size).toBe(due.length);
      expect(due.every((run) => run.state === 'done')).toBe(true);
    });
  },
);
