import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { itemRow } from '../../../test/support/factories.js';
import { ADDRESS, orderRow, placeOrder } from '../../../test/support/orders.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';
import { acceptingPayments } from '../commerce/payments.js';

const DAY = 24 * 60 * 60_000;

// Issue 18: two changes racing on one order are decided by the database. The
// order row is held locked while both requests reach it, then released: each
// guarded UPDATE re-checks the state, so exactly one wins, and what belongs to
// a cancel (items back, one void, one mail) happens iff the cancel won.
describe.runIf(onPostgres)('orders under concurrency, on PostgreSQL', () => {
  let t: TestApp;
  let url: string;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  const voids: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ...ADMIN_ENV, ORDER_PAYMENT_DAYS: '3' },
      deps: {
        payments: {
          ...acceptingPayments,
          // A manual payment: the order waits as placed until marked paid.
          async capture(key) {
            return { reference: `bank-${key}`, paid: false };
          },
          async void(key) {
            voids.push(key);
          },
        },
      },
    });
    url = await currentDatabaseUrl(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    voids.length = 0;
    admin = await adminClient(t.app);
  });

  const lockOrder = (id: number) => ({
    text: 'SELECT id FROM orders WHERE id = $1 FOR UPDATE',
    values: [id],
  });

  /** After the race: a cancel that won returned the items and voided once; one that lost did neither. */
  async function expectConsistent(orderId: number, itemIds: number[], cancelWon: boolean) {
    await t.app.jobs.drain();
    const row = await orderRow(t, orderId);
    const items = await Promise.all(itemIds.map((id) => itemRow(t, id)));
    if (cancelWon) {
      expect(row.state).toBe('cancelled');
      for (const item of items) expect(item.status).toBe('available');
      expect(voids).toEqual([row.checkout_key]);
    } else {
      expect(row.state).not.toBe('cancelled');
      for (const item of items) expect(item.status).toBe('sold');
      expect(voids).toEqual([]);
    }
  }

  it('cancel × ship: exactly one wins; the other is 409 invalid_transition', async () => {
    // Shipped: an order with an address (a pickup order is handed over, never shipped).
    const { items, order } = await placeOrder(t, {
      count: 2,
      body: { shipping_address: ADDRESS },
    });
    await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    const [cancelled, shipped] = await raceOnRow(
      url,
      lockOrder(order.id),
      'update "orders"%',
      2,
      () => [
        admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Sold in the shop' }),
        admin('POST', `/api/admin/orders/${order.id}/ship`, {
          carrier: 'DHL',
          tracking_reference: 'JJD1',
        }),
      ],
    );
    expect([cancelled!.statusCode, shipped!.statusCode].sort()).toEqual([200, 409]);
    const loser = cancelled!.statusCode === 409 ? cancelled! : shipped!;
    expect(loser.json().error.code).toBe('invalid_transition');
    await expectConsistent(
      order.id,
      items.map((item) => item.id),
      cancelled!.statusCode === 200,
    );
  });

  it('admin cancel × the unpaid-order job: cancelled once, one void, one cancellation mail', async () => {
    const { buyer, items, order } = await placeOrder(t);
    // The last day to pay has begun: reminded; a day later it has ended.
    t.clock.set(new Date(new Date(order.payment_due_at).getTime() - DAY + 60_000));
    expect((await t.app.orders.settleUnpaid()).reminded).toContain(order.id);
    t.clock.advance(DAY);
    admin = await adminClient(t.app);
    await t.mail.settle();
    t.mail.clear();
    const [byAdmin, byJob] = await raceOnRow<unknown>(
      url,
      lockOrder(order.id),
      'update "orders"%',
      2,
      () => [
        admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Asked by phone' }),
        t.app.orders.settleUnpaid(),
      ],
    );
    const adminWon = (byAdmin as { statusCode: number }).statusCode === 200;
    const jobWon = (byJob as { cancelled: number[] }).cancelled.includes(order.id);
    expect([adminWon, jobWon].filter(Boolean)).toHaveLength(1);
    if (!adminWon) expect((byAdmin as { statusCode: number }).statusCode).toBe(409);
    await expectConsistent(
      order.id,
      items.map((item) => item.id),
      true,
    );
    await t.mail.settle();
    expect(t.mail.to(buyer.email).map((mail) => mail.subject)).toEqual([
      `Your order ${order.number} was cancelled`,
    ]);
  });
});
