import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_MS, enqueue } from '../../src/jobs/job-queue.js';
import { JOB_INTERVALS_MS } from '../../src/modules/commerce/cart-jobs.service.js';
import { SETTLE_UNPAID_EVERY_MS, SETTLE_UNPAID_JOB } from '../../src/modules/orders/order-jobs.js';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { tokenInMail } from '../support/capture-mail.js';
import { addToCart, favorite, optInToSoldNotifications } from '../support/commerce.js';
import { makeCustomer, nextAddress, register, uniqueEmail } from '../support/customer-factories.js';
import { makeItem } from '../support/factories.js';
import { placeOrder } from '../support/orders.js';
import type { CutTrap } from '../support/tcp-proxy.js';
import { onPostgres } from '../support/test-database.js';
import { type ProxiedInstance, proxiedInstance } from './proxied-instance.js';

// Issue 31 item 1, on PostgreSQL: the worker's database connection is killed between
// a job's own writes and the mark that the job is done, at each point of that step,
// for every job that writes mail. The server rolls back what the dead connection had
// open; the job runs again after its lease. Each message is queued and sent once.

const DONE_MARK = /UPDATE jobs SET state = 'done'/;
// The commit of a transaction: Kysely sends `commit` as a statement of its own
// (its text ends in the protocol's NUL, which no other statement's "commit" is followed by).
const COMMIT = new RegExp(`commit${String.fromCharCode(0)}`, 'i');

const CUT_POINTS: Array<[string, CutTrap]> = [
  ['before the done mark reaches the server', { when: DONE_MARK }],
  ['after the done mark, before the commit', { after: DONE_MARK, when: COMMIT }],
  [
    'just after the commit reached the server (its answer lost)',
    { after: DONE_MARK, when: COMMIT, delivered: true },
  ],
];

const ENV = { ...ADMIN_ENV, PAYMENT_PROVIDER: 'manual', ORDER_PAYMENT_DAYS: '3' };
const DAY = 24 * 60 * 60_000;
const MAIL_SEND_LEASE_MS = 2 * 60_000;

describe.skipIf(!onPostgres)(
  'a connection killed between a job’s writes and its done mark (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let worker: ProxiedInstance;

    beforeAll(async () => {
      t = await buildTestApp({ env: ENV });
      // The instance whose worker runs the jobs; every connection it has goes through the proxy.
      worker = await proxiedInstance(t, { env: ENV });
    });
    afterAll(async () => {
      await worker?.close();
      await t?.close();
    });
    beforeEach(async () => {
      await worker.app.jobs.drain();
      worker.mail.clear();
    });

    /** Runs what is due with the connection cut at `trap`, then again once every lease has lapsed. */
    async function cutThenRecover(trap: CutTrap): Promise<void> {
      const cut = worker.proxy.cutAt(trap);
      let wasCut = false;
      void cut.then(() => {
        wasCut = true;
      });
      await worker.app.jobs.drain().catch(() => {});
      await Promise.resolve();
      expect(wasCut, 'the cut point was reached').toBe(true);
      t.clock.advance(Math.max(DEFAULT_LEASE_MS, MAIL_SEND_LEASE_MS) + 1_000);
      await worker.app.jobs.drain();
    }

    const outboxRowsTo = (email: string) =>
      t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();

    describe.each(CUT_POINTS)('cut %s', (_point, trap) => {
      it('favorite-sold: each fan one mail from one outbox row', async () => {
        const admin = await adminClient(t.app);
        const item = await makeItem(t.db, { title: 'Oak bench' });
        const fans = [await makeCustomer(t), await makeCustomer(t)];
        for (const fan of fans) {
          expect((await favorite(t, fan.cookie, item.id)).statusCode).toBe(204);
          await optInToSoldNotifications(t, fan.id);
        }
        expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
        await cutThenRecover(trap);
        for (const fan of fans) {
          expect(worker.mail.to(fan.email).map((m) => m.subject)).toEqual(['Sold: Oak bench']);
          expect(await outboxRowsTo(fan.email)).toHaveLength(1);
        }
      });

      it('password reset: one mail whose link works', async () => {
        const customer = await makeCustomer(t);
        const requested = await t.app.inject({
          method: 'POST',
          url: '/api/customers/password-reset/request',
          payload: { email: customer.email },
          remoteAddress: nextAddress(),
        });
        expect(requested.statusCode).toBe(200);
        await cutThenRecover(trap);
        const mails = worker.mail.to(customer.email);
        expect(mails).toHaveLength(1);
        const completed = await t.app.inject({
          method: 'POST',
          url: '/api/customers/password-reset/complete',
          payload: { token: tokenInMail(mails[0]!, 'reset'), password: 'quiet-harbour-lamp-77' },
        });
        expect(completed.statusCode).toBe(200);
      });

      it('cart reminder: one per hold', async () => {
        const customer = await makeCustomer(t, { firstName: 'Maja' });
        const item = await makeItem(t.db);
        expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
        t.clock.advance((t.config.cartHoldMinutes - 9) * 60_000);
        await enqueue(t.db, 'cart.send-reminders', {}, { now: t.clock.now(), key: 'recurring' });
        await cutThenRecover(trap);
        t.clock.advance(JOB_INTERVALS_MS.sendCartReminders);
        await worker.app.jobs.drain();
        expect(worker.mail.to(customer.email)).toHaveLength(1);
        expect(await outboxRowsTo(customer.email)).toHaveLength(1);
      });

      it('unpaid-order reminder: one per order', async () => {
        const { buyer, order } = await placeOrder(t);
        await worker.app.jobs.drain();
        worker.mail.clear();
        t.clock.advance(2 * DAY + 60_000);
        await enqueue(t.db, SETTLE_UNPAID_JOB, {}, { now: t.clock.now(), key: 'recurring' });
        await cutThenRecover(trap);
        t.clock.advance(SETTLE_UNPAID_EVERY_MS);
        await worker.app.jobs.drain();
        const reminders = worker.mail.to(buyer.email).filter((m) => m.text.includes(order.number));
        expect(reminders).toHaveLength(1);
        // Settled: later days do not cancel it twice or remind again.
        t.clock.advance(3 * DAY);
        await worker.app.jobs.drain();
      });
    });

    describe('the sender', () => {
      it('cut after the server took the message, before the row was marked sent: sent again under the row’s Message-ID', async () => {
        const email = uniqueEmail();
        expect((await register(t, { email })).statusCode).toBe(201);
        await cutThenRecover({ when: /update "mail_outbox" set "sent_at"/ });
        const [row] = await outboxRowsTo(email);
        expect(worker.mail.to(email).map((m) => m.messageId)).toEqual([
          row!.message_id,
          row!.message_id,
        ]);
      });

      it('cut after the row was marked sent, before the job was done: not sent again', async () => {
        const email = uniqueEmail();
        expect((await register(t, { email })).statusCode).toBe(201);
        await cutThenRecover({ when: DONE_MARK });
        expect(worker.mail.to(email)).toHaveLength(1);
      });
    });

    it('28 sales in a row, each with its worker’s connection cut at one of the three points: no mail twice', async () => {
      const admin = await adminClient(t.app);
      const fans = [await makeCustomer(t), await makeCustomer(t), await makeCustomer(t)];
      for (const fan of fans) await optInToSoldNotifications(t, fan.id);
      const CYCLES = 28;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const item = await makeItem(t.db, { title: `Lamp ${cycle}` });
        for (const fan of fans) await favorite(t, fan.cookie, item.id);
        expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
        await cutThenRecover(CUT_POINTS[cycle % CUT_POINTS.length]![1]);
      }
      for (const fan of fans) {
        const subjects = worker.mail.to(fan.email).map((m) => m.subject);
        expect(subjects).toHaveLength(CYCLES);
        expect(new Set(subjects).size).toBe(CYCLES);
      }
      console.info(
        `[job-crash] ${CYCLES} sales, ${CYCLES} connection cuts, ${worker.mail.messages.length} favorite-sold mails, 0 twice`,
      );
    });
  },
);
