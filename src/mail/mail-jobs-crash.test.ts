import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { tokenInMail } from '../../test/support/capture-mail.js';
import { addToCart, favorite, optInToSoldNotifications } from '../../test/support/commerce.js';
import {
  crashSwitch,
  jobDoneMark,
  type StatementMatch,
  updateSetting,
} from '../../test/support/crash-switch.js';
import {
  makeCustomer,
  nextAddress,
  register,
  uniqueEmail,
} from '../../test/support/customer-factories.js';
import { makeItem } from '../../test/support/factories.js';
import { placeOrder } from '../../test/support/orders.js';
import { DEFAULT_LEASE_MS, enqueue } from '../jobs/job-queue.js';
import { JOB_INTERVALS_MS } from '../modules/commerce/cart-jobs.service.js';
import { SETTLE_UNPAID_EVERY_MS, SETTLE_UNPAID_JOB } from '../modules/orders/order-jobs.js';

// Issue 31 item 1: every job that writes mail, with the process dying between the
// job's own writes and the mark that it is done (and, for the sender, between the
// SMTP answer and the mark that the row was sent). After the restart each message
// is in the outbox once and received once; a resend carries the row's Message-ID.
// The crash is injected through the app's database dependency (crash-switch.ts);
// test/faults/job-crash.test.ts cuts a real PostgreSQL connection at the same points.

const crash = crashSwitch();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { ...ADMIN_ENV, PAYMENT_PROVIDER: 'manual', ORDER_PAYMENT_DAYS: '3' },
    plugins: [crash.plugin],
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  crash.restart();
  await t.app.jobs.drain();
  t.mail.clear();
});

const MAIL_SEND_LEASE_MS = 2 * 60_000;

/** Runs what is due with the process dying at `at`, then restarts it once every lease has lapsed. */
async function crashAtThenRestart(at: StatementMatch): Promise<void> {
  const before = crash.crashes;
  crash.arm(at);
  // The crash ends the drain as it ends a process: nothing after it runs.
  await t.app.jobs.drain().catch(() => {});
  expect(crash.crashes, 'the crash point was reached').toBe(before + 1);
  crash.restart();
  t.clock.advance(Math.max(DEFAULT_LEASE_MS, MAIL_SEND_LEASE_MS) + 1_000);
  await t.app.jobs.drain();
}

async function outboxRowsTo(email: string) {
  return t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();
}

describe('a job that writes mail, crashed between its writes and its done mark', () => {
  it('favorite-sold: each fan gets one mail, from one outbox row', async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'Walnut stool' });
    const fans = [await makeCustomer(t), await makeCustomer(t), await makeCustomer(t)];
    for (const fan of fans) {
      expect((await favorite(t, fan.cookie, item.id)).statusCode).toBe(204);
      await optInToSoldNotifications(t, fan.id);
    }
    expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);

    await crashAtThenRestart(jobDoneMark);

    for (const fan of fans) {
      expect(t.mail.to(fan.email).map((m) => m.subject)).toEqual(['Sold: Walnut stool']);
      expect(await outboxRowsTo(fan.email)).toHaveLength(1);
    }
  });

  it('password reset: one mail, and its link is the one that works', async () => {
    const customer = await makeCustomer(t);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: customer.email },
      remoteAddress: nextAddress(),
    });
    expect(requested.statusCode).toBe(200);

    await crashAtThenRestart(jobDoneMark);

    const mails = t.mail.to(customer.email);
    expect(mails).toHaveLength(1);
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/complete',
      payload: { token: tokenInMail(mails[0]!, 'reset'), password: 'quiet-harbour-lamp-77' },
    });
    expect(completed.statusCode).toBe(200);
  });

  it('cart reminder: one reminder per hold', async () => {
    const customer = await makeCustomer(t, { firstName: 'Maja' });
    const item = await makeItem(t.db);
    expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
    t.clock.advance((t.config.cartHoldMinutes - 9) * 60_000); // 9 minutes left: due
    await enqueue(t.db, 'cart.send-reminders', {}, { now: t.clock.now(), key: 'recurring' });

    await crashAtThenRestart(jobDoneMark);
    // The run after the crashed one (it is recurring) finds whatever is still due.
    t.clock.advance(JOB_INTERVALS_MS.sendCartReminders);
    await t.app.jobs.drain();

    expect(t.mail.to(customer.email).filter((m) => /^Hello Maja,/.test(m.text))).toHaveLength(1);
    expect(await outboxRowsTo(customer.email)).toHaveLength(1);
  });

  it('unpaid-order reminder: one reminder per order', async () => {
    const { buyer, order } = await placeOrder(t);
    await t.app.jobs.drain();
    t.mail.clear();
    t.clock.advance(2 * 24 * 60 * 60_000 + 60_000); // a day before the due date
    await enqueue(t.db, SETTLE_UNPAID_JOB, {}, { now: t.clock.now(), key: 'recurring' });

    await crashAtThenRestart(jobDoneMark);
    t.clock.advance(SETTLE_UNPAID_EVERY_MS);
    await t.app.jobs.drain();

    const reminders = t.mail.to(buyer.email).filter((m) => m.text.includes(order.number));
    expect(reminders).toHaveLength(1);
  });
});

describe('the sender, crashed around a send', () => {
  it('after the server took the message and before the row was marked sent: sent again under the same Message-ID, the row’s', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);

    await crashAtThenRestart(updateSetting('mail_outbox', 'sent_at'));

    const [row] = await outboxRowsTo(email);
    const received = t.mail.to(email);
    expect(received).toHaveLength(2);
    expect(received.map((m) => m.messageId)).toEqual([row!.message_id, row!.message_id]);
    // Made from its row: an operator finds the row from a received mail's headers.
    expect(row!.message_id).toMatch(new RegExp(`^<${row!.id}\\.[\\w-]+@`));
    expect(row!.sent_at).not.toBeNull();
  });

  it('after the row was marked sent and before the job was done: not sent again', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(201);

    await crashAtThenRestart(jobDoneMark);

    expect(t.mail.to(email)).toHaveLength(1);
  });
});
