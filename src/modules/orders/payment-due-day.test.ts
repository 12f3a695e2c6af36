import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { orderRow, placeOrder } from '../../../test/support/orders.js';

const HOUR = 60 * 60_000;

// Issue 30 item 20: the confirmation says "please pay by <day>; unpaid orders are
// cancelled after that day", yet the job cancelled the order during that day (at the
// hour it was placed). The last day to pay is counted in the shop's time zone
// (SHOP_TIME_ZONE, default UTC), and the order is cancelled only once it has ended.
// The clock starts at 2026-01-15T10:00Z; ORDER_PAYMENT_DAYS=3 makes the 18th the last day.
describe.each([
  // zone, its last day to pay as the mail writes it, the instant that day ends
  ['UTC', 'default (UTC)', '2026-01-19T00:00:00.000Z'],
  ['Europe/Berlin', 'Europe/Berlin', '2026-01-18T23:00:00.000Z'],
  // 10:00Z on the 15th is already 23:00 there: the 18th ends while it is the 18th in UTC.
  ['Pacific/Auckland', 'Pacific/Auckland', '2026-01-18T11:00:00.000Z'],
])('SHOP_TIME_ZONE %s', (zone, label, endOfLastDay) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        PAYMENT_PROVIDER: 'manual',
        ORDER_PAYMENT_DAYS: '3',
        SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02 1203 0000 0000 2020 51',
        ...(label.startsWith('default') ? {} : { SHOP_TIME_ZONE: zone }),
      },
    });
  });
  afterAll(() => t.close());

  it('the order and its mail name the last day; due at its end in the shop’s zone', async () => {
    const { buyer, order } = await placeOrder(t);
    expect(order).toMatchObject({
      payment_due_date: '2026-01-18',
      payment_due_at: endOfLastDay,
    });
    await t.mail.settle();
    const text = t.mail.titled(buyer.email, `Your order ${order.number}`).text;
    expect(text).toContain(`by Sunday, 18 January 2026 (${zone} time)`);
    expect(text).toContain('Unpaid orders are cancelled after the end of that day.');
  });

  it('the job, run every hour, cancels only after the stated day has ended, reminding first', async () => {
    t.clock.set('2026-01-15T10:00:00.000Z');
    const { buyer, order } = await placeOrder(t);
    const end = new Date(endOfLastDay).getTime();
    let remindedAt: number | null = null;
    let cancelledAt: number | null = null;
    while (cancelledAt === null && t.clock.now().getTime() < end + 3 * HOUR) {
      t.clock.advance(HOUR);
      const done = await t.app.orders.settleUnpaid();
      if (done.reminded.includes(order.id)) remindedAt = t.clock.now().getTime();
      if (done.cancelled.includes(order.id)) cancelledAt = t.clock.now().getTime();
    }
    expect(cancelledAt, 'cancelled during the stated day').not.toBeNull();
    expect(new Date(cancelledAt!).toISOString()).toBe(new Date(end).toISOString());
    expect(remindedAt).not.toBeNull();
    expect(cancelledAt! - remindedAt!).toBeGreaterThanOrEqual(24 * HOUR);
    expect(await orderRow(t, order.id)).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'No payment arrived by Sunday, 18 January 2026.',
    });
    await t.mail.settle();
    const reminder = t.mail.titled(buyer.email, `Payment for your order ${order.number}`);
    expect(reminder.text).toContain(`by Sunday, 18 January 2026 (${zone} time)`);
  });
});
