import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { withSession } from '../../../test/support/customer-factories.js';
import { ADDRESS, orderRow, placeOrder } from '../../../test/support/orders.js';

// Issue 18 item 6: orders are part of the data export; deleting the account
// keeps its orders (a legal record) and anonymises the buyer (docs/decisions.md).
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

describe('GET /api/customers/me/export', () => {
  it('holds every order as sold, the saved addresses, and purchases at the price paid', async () => {
    const { buyer, items, order } = await placeOrder(t, {
      body: { shipping_address: ADDRESS },
      priceCents: 700,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/me/addresses',
      payload: ADDRESS,
      ...withSession(buyer.cookie),
    });
    // The item is edited after the sale: the export still says what was paid.
    await admin('PATCH', `/api/admin/items/${items[0]!.id}`, { price_cents: 99_999 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customers/me/export',
      ...withSession(buyer.cookie),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toEqual([order]);
    expect(body.addresses).toEqual([expect.objectContaining({ city: 'Berlin', country: 'DE' })]);
    expect(body.purchases).toEqual([
      expect.objectContaining({ item_id: items[0]!.id, price_cents: 700 }),
    ]);
  });
});

describe('DELETE /api/customers/me', () => {
  it('keeps the orders with lines, totals and country, without name, email, note or address', async () => {
    const { buyer, order } = await placeOrder(t, {
      body: { shipping_address: ADDRESS, note: 'Leave with the neighbour' },
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/customers/me',
      payload: { password: buyer.password },
      ...withSession(buyer.cookie),
    });
    expect(res.statusCode).toBe(204);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({
      customer_id: null,
      buyer_name: null,
      buyer_email: null,
      note: null,
      shipping_address: { country: 'DE' },
      buyer_anonymised_at: expect.any(Date),
      total_cents: order.total_cents,
      state: 'paid',
    });
    const detail = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(detail).toEqual({
      ...order,
      customer_id: null,
      buyer: { name: null, email: null },
      shipping_address: null,
      note: null,
    });
    expect(
      await t.db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('customer_id', '=', buyer.id)
        .execute(),
    ).toEqual([]);
  });

  it('an anonymised order can still be cancelled by the admin: its items come back, no mail is sent', async () => {
    const { buyer, order, items } = await placeOrder(t);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/customers/me',
      payload: { password: buyer.password },
      ...withSession(buyer.cookie),
    });
    await t.mail.settle(); // the confirmations queued before
    t.mail.clear();
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Refunded' });
    expect(res.statusCode).toBe(200);
    const item = await t.db
      .selectFrom('items')
      .select('status')
      .where('id', '=', items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(item.status).toBe('available');
    await t.mail.settle();
    expect(t.mail.messages).toEqual([]);
  });
});
