import { expect } from 'vitest';
import type { App } from '../../src/context.js';
import { DEFAULT_LEASE_MS, enqueue } from '../../src/jobs/job-queue.js';
import { JOB_INTERVALS_MS } from '../../src/modules/commerce/cart-jobs.service.js';
import { SETTLE_UNPAID_EVERY_MS, SETTLE_UNPAID_JOB } from '../../src/modules/orders/order-jobs.js';
import { adminClient } from './admin.js';
import type { TestApp } from './build-test-app.js';
import { type CaptureMail, tokenInMail } from './capture-mail.js';
import { addToCart, favorite, optInToSoldNotifications } from './commerce.js';
import { makeCustomer, nextAddress } from './customer-factories.js';
import { makeItem } from './factories.js';
import { placeOrder } from './orders.js';

/**
 * Every job that writes mail, as a scenario for the crash tests (issue 31 item 1):
 * `start` makes the event whose job queues the mail; the test crashes the worker
 * somewhere in that job, restarts it after every lease (`afterCrash`), and `check`
 * asserts each message was queued and received once. Used with a crash injected
 * through a Kysely plugin (src/mail/mail-jobs-crash.test.ts) and with a real
 * PostgreSQL connection cut (test/faults/job-crash.test.ts).
 */
export interface MailJobScenario {
  name: string;
  /** Needs PAYMENT_PROVIDER=manual (the unpaid-order job). */
  start(t: TestApp, worker: Worker): Promise<() => Promise<void>>;
}

/** The app whose worker runs the jobs, and the mail it sent. */
export interface Worker {
  app: App;
  mail: CaptureMail;
}

/** Long enough for every lease (the sender's is 2 minutes) and the first backoff to lapse. */
export const PAST_EVERY_LEASE_MS = Math.max(DEFAULT_LEASE_MS, 2 * 60_000) + 1_000;

const outboxRowsTo = (t: TestApp, email: string) =>
  t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).execute();

/** A recurring kind's next run after the crashed one, which finds whatever is still due. */
async function nextRun(t: TestApp, worker: Worker, everyMs: number): Promise<void> {
  t.clock.advance(everyMs);
  await worker.app.jobs.drain();
}

export const MAIL_JOB_SCENARIOS: MailJobScenario[] = [
  {
    name: 'favorite-sold: each fan one mail from one outbox row',
    async start(t, worker) {
      const admin = await adminClient(t.app);
      const title = `Walnut stool ${nextAddress()}`;
      const item = await makeItem(t.db, { title });
      const fans = [await makeCustomer(t), await makeCustomer(t)];
      for (const fan of fans) {
        expect((await favorite(t, fan.cookie, item.id)).statusCode).toBe(204);
        await optInToSoldNotifications(t, fan.id);
      }
      const sold = await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
      expect(sold.statusCode).toBe(200);
      return async () => {
        for (const fan of fans) {
          expect(worker.mail.to(fan.email).map((m) => m.subject)).toEqual([`Sold: ${title}`]);
          expect(await outboxRowsTo(t, fan.email)).toHaveLength(1);
        }
      };
    },
  },
  {
    name: 'password reset: one mail, and its link is the one that works',
    async start(t, worker) {
      const customer = await makeCustomer(t);
      const requested = await t.app.inject({
        method: 'POST',
        url: '/api/customers/password-reset/request',
        payload: { email: customer.email },
        remoteAddress: nextAddress(),
      });
      expect(requested.statusCode).toBe(200);
      return async () => {
        const mails = worker.mail.to(customer.email);
        expect(mails).toHaveLength(1);
        const completed = await t.app.inject({
          method: 'POST',
          url: '/api/customers/password-reset/complete',
          payload: { token: tokenInMail(mails[0]!, 'reset'), password: 'quiet-harbour-lamp-77' },
        });
        expect(completed.statusCode).toBe(200);
      };
    },
  },
  {
    name: 'cart reminder: one per hold',
    async start(t, worker) {
      const customer = await makeCustomer(t, { firstName: 'Maja' });
      const item = await makeItem(t.db);
      expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
      t.clock.advance((t.config.cartHoldMinutes - 9) * 60_000); // 9 minutes left: due
      await enqueue(t.db, 'cart.send-reminders', {}, { now: t.clock.now(), key: 'recurring' });
      return async () => {
        await nextRun(t, worker, JOB_INTERVALS_MS.sendCartReminders);
        const reminders = worker.mail.to(customer.email).filter((m) => /^Hello Maja,/.test(m.text));
        expect(reminders).toHaveLength(1);
        expect(await outboxRowsTo(t, customer.email)).toHaveLength(1);
      };
    },
  },
  {
    name: 'unpaid-order reminder: one per order',
    async start(t, worker) {
      const { buyer, order } = await placeOrder(t);
      await worker.app.jobs.drain();
      worker.mail.clear();
      // The reminder goes as the last day to pay begins: a day before its end.
      t.clock.set(new Date(Date.parse(order.payment_due_at) - 24 * 60 * 60_000 + 60_000));
      await enqueue(t.db, SETTLE_UNPAID_JOB, {}, { now: t.clock.now(), key: 'recurring' });
      return async () => {
        await nextRun(t, worker, SETTLE_UNPAID_EVERY_MS);
        const reminders = worker.mail.to(buyer.email).filter((m) => m.text.includes(order.number));
        expect(reminders).toHaveLength(1);
      };
    },
  },
];
