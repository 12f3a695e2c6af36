import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { withSession } from '../../../test/support/customer-factories.js';
import { itemRow } from '../../../test/support/factories.js';
import { orderRow, placeOrder } from '../../../test/support/orders.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// Issue 34 item 5: two refunds (or two withdrawals) of one order at the same moment (two admins, a double
// click) are decided by the database. The order row is held locked while both reach
// it, then released: each re-reads what was paid back under the lock, so an item is
// paid back once and the total never exceeds what was paid.
describe.runIf(onPostgres)('item refunds under concurrency, on PostgreSQL', () => {
  let t: TestApp;
  let url: string;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    url = await currentDatabaseUrl(t.db);
    admin = await adminClient(t.app);
  });
  afterAll(() => t.close());

  const lockOrder = (id: number) => ({
    text: 'SELECT id FROM orders WHERE id = $1 FOR UPDATE',
    values: [id],
  });
  const refund = (orderId: number, itemIds: number[]) =>
    admin('POST', `/api/admin/orders/${orderId}/refund`, {
      item_ids: itemIds,
      include_shipping: true,
      restock: 'available',
    });
  const refundsOf = (orderId: number) =>
    t.db
      .selectFrom('order_refunds')
      .select(['id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .execute();

  it('the same item twice at once: exactly one refund; the other is 409 item_refunded', async () => {
    // Three items, so neither refund ends the order: the loser meets the item refunded.
    const { items, order } = await placeOrder(t, { count: 3, priceCents: 1800 });
    const [a, b] = await raceOnRow(
      url,
      lockOrder(order.id),
      'select%"orders"%for update',
      2,
      () => [refund(order.id, [items[0]!.id]), refund(order.id, [items[0]!.id, items[1]!.id])],
    );
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().error.code).toBe('item_refunded');
    const refunds = await refundsOf(order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount_cents).toBeLessThanOrEqual(order.total_cents);
    expect((await itemRow(t, items[0]!.id)).status).toBe('available');
  });

  it('two different items at once: both paid back, the order refunded once', async () => {
    const { items, order } = await placeOrder(t, { count: 2, priceCents: 1800 });
    const results = await raceOnRow(
      url,
      lockOrder(order.id),
      'select%"orders"%for update',
      2,
      () => [refund(order.id, [items[0]!.id]), refund(order.id, [items[1]!.id])],
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const refunds = await refundsOf(order.id);
    expect(refunds.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(order.total_cents);
    expect((await orderRow(t, order.id)).state).toBe('refunded');
  });

  it('the same withdrawal sent twice at once: recorded once, acknowledged once, both answered 200', async () => {
    const { buyer, items, order } = await placeOrder(t, { count: 2 });
    await t.mail.settle();
    t.mail.clear();
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/customers/me/orders/${order.id}/withdraw`,
        ...withSession(buyer.cookie),
        payload: { item_ids: [items[0]!.id] },
      });
    // One waits on the order row (the barrier holds it), the other on the buyer's row.
    const results = await raceOnRow(url, lockOrder(order.id), 'select%for%update', 2, () => [
      withdraw(),
      withdraw(),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .selectFrom('order_withdrawals')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toHaveLength(1);
    await t.mail.settle();
    expect(t.mail.to(buyer.email).map((mail) => mail.subject)).toEqual([
      `We received your withdrawal from order ${order.number}`,
    ]);
  });
});
