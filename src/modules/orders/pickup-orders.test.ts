import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { itemRow } from '../../../test/support/factories.js';
import { ADDRESS, orderRow, placeOrder } from '../../../test/support/orders.js';

// Issue 30 item 11: a pickup order was finished only by "Mark shipped", which asked
// for a carrier and mailed "on its way … sent with Collected in shop". A pickup order
// is handed over: paid → delivered through deliver; ship is refused for it; its mails
// speak of collecting, with the pickup address and hours.
const PICKUP_ADDRESS = 'Werkstatt Lee\nHafenstraße 3\n20095 Hamburg';
const PICKUP_HOURS = 'Tuesday to Saturday, 10:00 to 18:00';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({
    env: { ...ADMIN_ENV, SHOP_PICKUP_ADDRESS: PICKUP_ADDRESS, SHOP_PICKUP_HOURS: PICKUP_HOURS },
  });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
beforeEach(() => t.mail.clear());

const ship = (id: number) =>
  admin('POST', `/api/admin/orders/${id}/ship`, {
    carrier: 'Collected in shop',
    tracking_reference: '-',
  });
const deliver = (id: number) => admin('POST', `/api/admin/orders/${id}/deliver`);

describe('POST /api/admin/orders/:id/deliver for a pickup order ("handed over")', () => {
  it('goes paid → delivered directly; nothing is shipped', async () => {
    const { items, order } = await placeOrder(t);
    expect(order).toMatchObject({ fulfilment: 'pickup', state: 'paid' });
    t.clock.advance(60_000);
    const res = await deliver(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'delivered',
      delivered_at: t.clock.now().toISOString(),
      shipped_at: null,
      carrier: null,
      tracking_reference: null,
    });
    expect((await itemRow(t, items[0]!.id)).status).toBe('sold');
  });

  it('a shipping order still goes paid → shipped → delivered: deliver from paid is 409', async () => {
    const { order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    const before = await orderRow(t, order.id);
    const res = await deliver(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('invalid_transition');
    expect(await orderRow(t, order.id)).toEqual(before);
  });
});

describe('POST /api/admin/orders/:id/ship for a pickup order', () => {
  it('is 409 invalid_transition naming the way out; nothing written, no mail', async () => {
    const { buyer, order } = await placeOrder(t);
    await t.mail.settle();
    t.mail.clear();
    const before = await orderRow(t, order.id);
    const res = await ship(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'invalid_transition',
      message: expect.stringMatching(/collected.*hand.*over/i),
    });
    expect(await orderRow(t, order.id)).toEqual(before);
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
  });
});

describe('the mails of a pickup order', () => {
  it('the confirmation speaks of collecting, with the pickup address and hours', async () => {
    const { buyer, order } = await placeOrder(t);
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Your order ${order.number}`);
    expect(mail.text).toContain('Collect it at the shop:');
    expect(mail.text).toContain(PICKUP_ADDRESS);
    expect(mail.text).toContain(`Opening hours: ${PICKUP_HOURS}`);
    expect(mail.text).not.toMatch(/on its way|sent with/i);
    // The HTML part keeps the address's lines.
    expect(mail.html).toContain('Werkstatt Lee<br>Hafenstraße 3<br>20095 Hamburg');
  });

  it('handing it over sends no "on its way" mail', async () => {
    const { buyer, order } = await placeOrder(t);
    await t.mail.settle();
    t.mail.clear();
    expect((await deliver(order.id)).statusCode).toBe(200);
    await t.mail.settle();
    expect(t.mail.to(buyer.email).map((m) => m.subject)).toEqual([]);
  });
});

describe('the order as the buyer reads it', () => {
  it('a pickup order carries where and when to collect it; a shipping order does not', async () => {
    const { order: pickup } = await placeOrder(t);
    expect(pickup.pickup).toEqual({ address: PICKUP_ADDRESS, hours: PICKUP_HOURS });
    const { order: shipping } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    expect(shipping.pickup).toBeNull();
  });
});
