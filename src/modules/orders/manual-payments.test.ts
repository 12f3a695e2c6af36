import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { withSession } from '../../../test/support/customer-factories.js';
import { itemRow } from '../../../test/support/factories.js';
import { ADDRESS, orderRow, placeOrder } from '../../../test/support/orders.js';
import { loadConfig } from '../../config.js';
import { enqueue } from '../../jobs/job-queue.js';
import { SETTLE_UNPAID_JOB } from './order-jobs.js';

const DAY = 24 * 60 * 60_000;

// Issue 18 item 4: PAYMENT_PROVIDER=manual (bank transfer, pay on pickup). The
// order waits as placed; the admin marks it paid; unpaid orders get a reminder a
// day before ORDER_PAYMENT_DAYS run out and are cancelled once they have.
// Issue 30 item 12: the buyer is told how to pay (SHOP_PAYMENT_INSTRUCTIONS) on the
// order and in its mails; the last day to pay: payment-due-day.test.ts.
const INSTRUCTIONS =
  'Bank transfer to Werkstatt Lee\nIBAN DE02 1203 0000 0000 2020 51\nBIC BYLADEM1001';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      ...ADMIN_ENV,
      PAYMENT_PROVIDER: 'manual',
      ORDER_PAYMENT_DAYS: '3',
      SHOP_PAYMENT_INSTRUCTIONS: INSTRUCTIONS,
    },
  });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
let signIns = 0;
beforeEach(async () => {
  t.mail.clear();
  // The fake clock moves by days here: a fresh admin session for each test, each from
  // its own address (the sign-in limit counts real minutes, not the fake clock's).
  admin = await adminClient(t.app, await adminSessionCookie(t.app, `192.0.2.${++signIns}`));
});

/** What a run of the unpaid-order job did to this order (other tests' orders aside). */
async function settle(orderId: number) {
  const done = await t.app.orders.settleUnpaid();
  return {
    reminded: done.reminded.includes(orderId),
    cancelled: done.cancelled.includes(orderId),
  };
}

describe('configuration', () => {
  it('PAYMENT_PROVIDER is accept or manual and ORDER_PAYMENT_DAYS a whole number of days', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'accept', orderPaymentDays: 7 });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'cash' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ORDER_PAYMENT_DAYS: '0' })).toThrow(/ORDER_PAYMENT_DAYS/);
  });

  it('manual payments need SHOP_PAYMENT_INSTRUCTIONS: without them the server refuses to start', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'manual' })).toThrow(
      /^SHOP_PAYMENT_INSTRUCTIONS is required when PAYMENT_PROVIDER=manual/,
    );
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'manual', SHOP_PAYMENT_INSTRUCTIONS: '  ' }),
    ).toThrow(/SHOP_PAYMENT_INSTRUCTIONS/);
    expect(loadConfig({}).shop.paymentInstructions).toBeNull();
  });
});

describe('how to pay (SHOP_PAYMENT_INSTRUCTIONS)', () => {
  it('the confirmation mail, the checkout’s order and the buyer’s order page carry them', async () => {
    const { buyer, order } = await placeOrder(t);
    expect(order.payment_instructions).toBe(INSTRUCTIONS);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}`,
      ...withSession(buyer.cookie),
    });
    expect(mine.json().payment_instructions).toBe(INSTRUCTIONS);
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Your order ${order.number}`);
    expect(mail.text).toContain(`How to pay:\n${INSTRUCTIONS}`);
    expect(mail.text).toContain(`quoting ${order.number} as the reference`);
    expect(mail.html).toContain('IBAN DE02 1203 0000 0000 2020 51<br>BIC BYLADEM1001');
  });

  it('the payment reminder repeats them', async () => {
    const { buyer, order } = await placeOrder(t);
    t.clock.set(new Date(new Date(order.payment_due_at).getTime() - DAY + 60_000));
    expect((await settle(order.id)).reminded).toBe(true);
    await t.mail.settle();
    const reminder = t.mail.titled(buyer.email, `Payment for your order ${order.number}`);
    expect(reminder.text).toContain(`How to pay:\n${INSTRUCTIONS}`);
  });

  it('once paid, the order no longer asks for payment', async () => {
    const { order } = await placeOrder(t);
    const paid = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    expect(paid.json()).toMatchObject({
      state: 'paid',
      payment_instructions: null,
      payment_due_date: null,
    });
  });
});

describe('the manual provider', () => {
  it('leaves the order placed, due in ORDER_PAYMENT_DAYS; the confirmation says how to pay', async () => {
    const { buyer, order } = await placeOrder(t);
    // The last day to pay is the third day after today; it ends at midnight (UTC here).
    const now = t.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    expect(order).toMatchObject({
      state: 'placed',
      paid_at: null,
      payment_due_date: new Date(today + 3 * DAY).toISOString().slice(0, 10),
      payment_due_at: new Date(today + 4 * DAY).toISOString(),
      payment_reference: expect.stringMatching(/^manual-/),
    });
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).text).toContain(`quoting ${order.number}`);
  });

  it('the admin marks it paid, then it ships; a placed order cannot ship', async () => {
    const { order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    const before = await orderRow(t, order.id);
    const early = await admin('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'X1',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('invalid_transition');
    expect(await orderRow(t, order.id)).toEqual(before);
    const paid = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    expect(paid.json()).toMatchObject({ state: 'paid', payment_due_at: null });
    const shipped = await admin('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'X1',
    });
    expect(shipped.statusCode).toBe(200);
  });

  it('a placed order can be cancelled: its items are back on sale', async () => {
    const { items, order } = await placeOrder(t);
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Asked by phone',
    });
    expect(res.statusCode).toBe(200);
    expect((await itemRow(t, items[0]!.id)).status).toBe('available');
  });
});

describe('unpaid orders (the recurring job, with the fake clock)', () => {
  it('a reminder a day before the due date, then cancelled once due: items back, buyer told', async () => {
    const { buyer, items, order } = await placeOrder(t);
    const due = new Date(order.payment_due_at).getTime();
    await t.mail.settle();
    t.mail.clear();

    t.clock.set(new Date(due - DAY - 60_000));
    expect(await settle(order.id)).toEqual({ reminded: false, cancelled: false });

    t.clock.set(new Date(due - DAY + 60_000)); // the last day to pay has begun
    expect(await settle(order.id)).toEqual({ reminded: true, cancelled: false });
    await t.mail.settle();
    expect(t.mail.lastTo(buyer.email).subject).toBe(`Payment for your order ${order.number}`);
    // A second run does not remind twice.
    expect(await settle(order.id)).toEqual({ reminded: false, cancelled: false });

    t.clock.set(new Date(due + 2 * 60_000));
    expect(await settle(order.id)).toEqual({ reminded: false, cancelled: true });
    expect(await orderRow(t, order.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: expect.stringMatching(/^No payment arrived by \w+, \d+ \w+ \d{4}\.$/),
    });
    expect((await itemRow(t, items[0]!.id)).status).toBe('available');
    await t.mail.settle();
    expect(t.mail.to(buyer.email).map((mail) => mail.subject)).toEqual([
      `Payment for your order ${order.number}`,
      `Your order ${order.number} was cancelled`,
    ]);
  });

  it('an order paid before its due date is never cancelled', async () => {
    const { order } = await placeOrder(t);
    t.clock.set(new Date(new Date(order.payment_due_at).getTime() - DAY + 60_000));
    expect((await settle(order.id)).reminded).toBe(true);
    // The session did not outlive the jump.
    admin = await adminClient(t.app, await adminSessionCookie(t.app, '192.0.2.99'));
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
    t.clock.advance(5 * DAY);
    expect((await settle(order.id)).cancelled).toBe(false);
    expect((await orderRow(t, order.id)).state).toBe('paid');
  });

  it('a job that was down past the due date reminds first and cancels a day later', async () => {
    const { order } = await placeOrder(t);
    t.clock.advance(10 * DAY);
    expect(await settle(order.id)).toEqual({ reminded: true, cancelled: false });
    t.clock.advance(DAY);
    expect(await settle(order.id)).toEqual({ reminded: false, cancelled: true });
  });

  it('runs as a recurring job on the queue', async () => {
    const { order } = await placeOrder(t);
    t.clock.advance(3 * DAY);
    await settle(order.id);
    t.clock.advance(DAY);
    // The worker seeds its recurring kinds at start (server.ts); a test seeds by hand.
    await enqueue(t.db, SETTLE_UNPAID_JOB, {}, { key: 'recurring', now: t.clock.now() });
    await t.app.jobs.drain();
    expect((await orderRow(t, order.id)).state).toBe('cancelled');
  });
});
