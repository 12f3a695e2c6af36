import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { ADDRESS, orderRow, placeOrder } from '../../../test/support/orders.js';
import { acceptingPayments } from '../commerce/payments.js';

// Issue 18 items 4, 6 and 7: placed → paid → shipped → delivered, cancelled from
// placed or paid; every refusal is 409 invalid_transition and writes nothing.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
const voids: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    env: ADMIN_ENV,
    deps: {
      payments: {
        ...acceptingPayments,
        async capture(key) {
          return { reference: `pay-${key}` };
        },
        async void(key) {
          voids.push(key);
        },
      },
    },
  });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  voids.length = 0;
  t.mail.clear();
});

const ship = (id: number) =>
  admin('POST', `/api/admin/orders/${id}/ship`, { carrier: 'DHL', tracking_reference: 'JJD0001' });
const cancel = (id: number, reason = 'Damaged in the workshop') =>
  admin('POST', `/api/admin/orders/${id}/cancel`, { reason });

async function shipped() {
  const placed = await placeOrder(t, { body: { shipping_address: ADDRESS } });
  expect((await ship(placed.order.id)).statusCode).toBe(200);
  return placed;
}

/** A refused transition: 409 invalid_transition, and the order and its items as they were. */
async function expectRefused(
  res: { statusCode: number; json(): { error: { code: string } } },
  orderId: number,
  before: unknown,
  itemIds: number[],
  itemsBefore: unknown[],
) {
  expect(res.statusCode).toBe(409);
  expect(res.json().error.code).toBe('invalid_transition');
  expect(await orderRow(t, orderId)).toEqual(before);
  expect(await Promise.all(itemIds.map((id) => itemRow(t, id)))).toEqual(itemsBefore);
  await t.app.jobs.drain();
  expect(voids).toEqual([]);
}

describe('the accept provider: an order is paid at checkout', () => {
  it('paid → shipped with carrier and tracking, and the buyer is mailed the tracking reference', async () => {
    const { buyer, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    expect(order.state).toBe('paid');
    t.clock.advance(60_000);
    const res = await ship(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'shipped',
      carrier: 'DHL',
      tracking_reference: 'JJD0001',
      shipped_at: t.clock.now().toISOString(),
    });
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Your order ${order.number} is on its way`);
    expect(mail.text).toContain('Tracking reference: JJD0001');
  });

  it('shipped → delivered', async () => {
    const { order } = await shipped();
    const res = await admin('POST', `/api/admin/orders/${order.id}/deliver`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'delivered', delivered_at: expect.any(String) });
  });

  it('cancel from paid: the items are back on sale, the payment is voided once, the buyer told why', async () => {
    const { buyer, items, order } = await placeOrder(t, { count: 2 });
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Damaged in the workshop',
    });
    for (const item of items) {
      expect(await itemRow(t, item.id)).toMatchObject({
        status: 'available',
        sold_to: null,
        sold_at: null,
      });
    }
    await t.mail.settle();
    expect(voids).toHaveLength(1);
    expect(voids[0]).toBe((await orderRow(t, order.id)).checkout_key);
    const mail = t.mail.titled(buyer.email, `Your order ${order.number} was cancelled`);
    expect(mail.text).toContain('was cancelled: Damaged in the workshop');
    // A second cancel is refused and voids nothing more.
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(409);
    await t.app.jobs.drain();
    expect(voids).toHaveLength(1);
  });
});

describe('refusals: 409 invalid_transition, nothing written', () => {
  it('ship a cancelled order', async () => {
    const { items, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    await cancel(order.id);
    await t.app.jobs.drain();
    voids.length = 0;
    const before = await orderRow(t, order.id);
    const itemsBefore = await Promise.all(items.map((item) => itemRow(t, item.id)));
    await expectRefused(await ship(order.id), order.id, before, [items[0]!.id], itemsBefore);
  });

  it('cancel a shipped order: the items stay sold, nothing is voided', async () => {
    const { items, order } = await shipped();
    const before = await orderRow(t, order.id);
    const itemsBefore = await Promise.all(items.map((item) => itemRow(t, item.id)));
    await expectRefused(await cancel(order.id), order.id, before, [items[0]!.id], itemsBefore);
  });

  it('cancel a delivered order, deliver a paid one, mark a paid one paid, ship a shipped one', async () => {
    const { order: delivered } = await shipped();
    await admin('POST', `/api/admin/orders/${delivered.id}/deliver`);
    // A paid order with an address is shipped first (pickup: pickup-orders.test.ts).
    const { order: paid } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    const { order: sent } = await shipped();
    const cases = [
      [delivered.id, () => cancel(delivered.id)],
      [paid.id, () => admin('POST', `/api/admin/orders/${paid.id}/deliver`)],
      [paid.id, () => admin('POST', `/api/admin/orders/${paid.id}/mark-paid`)],
      [sent.id, () => ship(sent.id)],
    ] as const;
    for (const [id, attempt] of cases) {
      const before = await orderRow(t, id);
      await expectRefused(await attempt(), id, before, [], []);
    }
  });

  it('an unknown order is 404, a malformed id 400, a ship without tracking 400, no admin 401', async () => {
    const { order } = await placeOrder(t);
    const before = await orderRow(t, order.id);
    expect((await ship(999_999)).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/orders/abc/deliver')).json().error.code).toBe(
      'invalid_id',
    );
    const noTracking = await admin('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
    });
    expect(noTracking.statusCode).toBe(400);
    const blankReason = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: ' ',
    });
    expect(blankReason.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await orderRow(t, order.id)).toEqual(before);
  });
});

describe('GET /api/customers/me/orders', () => {
  it('lists the caller’s own orders, newest first; another’s order is 404', async () => {
    const buyer = await makeCustomer(t);
    const first = (await placeOrder(t, { buyer })).order;
    const second = (await placeOrder(t, { buyer })).order;
    const other = (await placeOrder(t)).order;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers/me/orders',
      ...withSession(buyer.cookie),
    });
    expect(list.json().orders.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${other.id}`,
      ...withSession(buyer.cookie),
    });
    expect(foreign.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/customers/me/orders' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/admin/orders', () => {
  it('filters by state, searches number, email and name, and pages by cursor', async () => {
    const zed = await makeCustomer(t, { firstName: 'Zebedee', email: 'zed.search@example.com' });
    const { order: a } = await placeOrder(t, { buyer: zed });
    const { order: b } = await placeOrder(t, { buyer: zed });
    await cancel(b.id);
    const ids = async (query: string) =>
      (await admin('GET', `/api/admin/orders?${query}`))
        .json()
        .orders.map((o: { id: number }) => o.id);
    expect(await ids('q=zed.search')).toEqual([b.id, a.id]);
    expect(await ids('q=Zebedee')).toEqual([b.id, a.id]);
    expect(await ids(`q=${a.number}`)).toEqual([a.id]);
    expect(await ids('q=zed.search&state=cancelled')).toEqual([b.id]);
    const page1 = (await admin('GET', '/api/admin/orders?q=zed.search&limit=1')).json();
    expect(page1.orders.map((o: { id: number }) => o.id)).toEqual([b.id]);
    const page2 = (
      await admin('GET', `/api/admin/orders?q=zed.search&limit=1&cursor=${page1.next_cursor}`)
    ).json();
    expect(page2).toMatchObject({ orders: [{ id: a.id }], next_cursor: null });
    expect((await admin('GET', '/api/admin/orders?state=lost')).statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/orders?cursor=zzz')).statusCode).toBe(400);
  });
});

describe('disable (spec 3) releases only reserved items and never touches orders', () => {
  it('a disabled buyer’s held item is released; their order is unchanged', async () => {
    const { buyer, items, order } = await placeOrder(t);
    const held = await makeItem(t.db);
    await addToCart(t, buyer.cookie, held.id);
    const before = await orderRow(t, order.id);
    const res = await admin('POST', `/api/admin/customers/${buyer.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect((await itemRow(t, held.id)).status).toBe('available');
    expect((await itemRow(t, items[0]!.id)).status).toBe('sold');
    expect(await orderRow(t, order.id)).toEqual(before);
  });
});
