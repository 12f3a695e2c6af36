import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../../test/support/build-test-app.js';
import { addToCart, checkout } from '../../../../test/support/commerce.js';
import { makeCustomer } from '../../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../../test/support/factories.js';
import { placeOrder } from '../../../../test/support/orders.js';
import type { ItemStatus } from '../../../db/schema.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** An item in a state with the timestamps that state carries. */
async function itemIn(status: ItemStatus, fields: { reservedUntil?: Date; soldAt?: Date } = {}) {
  const item = await makeItem(t.db, { status, priceCents: 1000 });
  await t.db
    .updateTable('items')
    .set({
      reserved_until: fields.reservedUntil ?? null,
      sold_at: fields.soldAt ?? null,
    })
    .where('id', '=', item.id)
    .execute();
  return item;
}

async function submission(state: 'queued' | 'drafted' | 'accepted' | 'dismissed') {
  const item = await makeItem(t.db, { status: 'pending', title: `Sent ${state}` });
  await t.db.insertInto('item_drafts').values({ item_id: item.id, state }).execute();
  return item;
}

describe('GET /api/admin/overview', () => {
  it('is for admins only: 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });

  it('counts waiting submissions, items by status, running holds soonest first and the last 7 days of sales', async () => {
    const now = t.clock.now().getTime();
    await submission('queued');
    await submission('drafted');
    await submission('accepted');
    await submission('dismissed');
    await itemIn('available');
    await itemIn('available');
    const later = await itemIn('reserved', { reservedUntil: new Date(now + 25 * MINUTE) });
    const sooner = await itemIn('reserved', { reservedUntil: new Date(now + 5 * MINUTE) });
    // A hold past its deadline is over, swept or not.
    await itemIn('reserved', { reservedUntil: new Date(now - MINUTE) });
    await itemIn('sold', { soldAt: new Date(now - 2 * DAY) });
    await itemIn('sold', { soldAt: new Date(now - 6 * DAY) });
    await itemIn('sold', { soldAt: new Date(now - 8 * DAY) });

    const res = await admin('GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.new_submissions).toBe(2);
    expect(body.items_by_status).toEqual({ pending: 4, available: 2, reserved: 3, sold: 3 });
    expect(body.holds.count).toBe(2);
    expect(body.holds.soonest.map((hold: { item_id: number }) => hold.item_id)).toEqual([
      sooner.id,
      later.id,
    ]);
    expect(body.holds.soonest[0].reserved_until).toBe(new Date(now + 5 * MINUTE).toISOString());
    expect(body.sold_last_7_days).toEqual({ count: 2, total_cents: 2000 });
  });
});

// Sales are what was charged: an order's lines (held prices) unless the order was
// cancelled, and an admin's mark-sold (no order) at the item's price.
describe('GET /api/admin/overview: sales of the last 7 days', () => {
  let fresh: TestApp;
  let owner: Awaited<ReturnType<typeof adminClient>>;
  beforeEach(async () => {
    fresh = await buildTestApp({ env: ADMIN_ENV });
    owner = await adminClient(fresh.app);
  });
  afterEach(() => fresh.close());

  const soldLastWeek = async () => {
    const res = await owner('GET', '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    return res.json().sold_last_7_days;
  };

  it('counts the held price the checkout charged, not a list price edited during the hold', async () => {
    const buyer = await makeCustomer(fresh);
    const item = await makeItem(fresh.db, { priceCents: 5000 });
    expect((await addToCart(fresh, buyer.cookie, item.id)).statusCode).toBe(200);
    const edit = await owner('PATCH', `/api/admin/items/${item.id}`, { price_cents: 6000 });
    expect(edit.statusCode).toBe(200);
    const sale = await checkout(fresh, buyer.cookie);
    expect(sale.statusCode).toBe(200);
    expect(sale.json().order.total_cents).toBe(5000);
    expect((await itemRow(fresh, item.id)).price_cents).toBe(6000);

    expect(await soldLastWeek()).toEqual({ count: 1, total_cents: 5000 });
  });

  it('leaves out a cancelled order; its item sold again by the admin counts once at its price', async () => {
    const { order, items } = await placeOrder(fresh, { priceCents: 1500 });
    expect(await soldLastWeek()).toEqual({ count: 1, total_cents: 1500 });
    const cancel = await owner('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Damaged in the workshop',
    });
    expect(cancel.statusCode).toBe(200);
    expect(await soldLastWeek()).toEqual({ count: 0, total_cents: 0 });

    const item = items[0]!;
    expect(
      (await owner('PATCH', `/api/admin/items/${item.id}`, { price_cents: 2000 })).statusCode,
    ).toBe(200);
    expect((await owner('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    expect(await soldLastWeek()).toEqual({ count: 1, total_cents: 2000 });
  });

  it('a sale older than 7 days is not counted, by order or by the admin', async () => {
    await placeOrder(fresh, { priceCents: 1500 });
    const item = await makeItem(fresh.db, { priceCents: 700 });
    expect((await owner('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    expect(await soldLastWeek()).toEqual({ count: 2, total_cents: 2200 });
    fresh.clock.advance(8 * DAY);
    owner = await adminClient(fresh.app); // a fresh session: the first one may have lapsed
    expect(await soldLastWeek()).toEqual({ count: 0, total_cents: 0 });
  });
});
