import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminClient, adminSessionCookie } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  type MadeCustomer,
  makeCustomer,
  withSession,
} from '../../../test/support/customer-factories.js';
import { itemRow } from '../../../test/support/factories.js';
import { ADDRESS, countRows, orderRow, placeOrder } from '../../../test/support/orders.js';

// Issue 34 item 5: "Withdraw from this purchase": any time before delivery, within 14
// days of delivery (pickup: of the hand-over), recorded with its date and time, the
// acknowledgment mailed at once, the owner told. Past the period: 409.
const SHOP_ADDRESS = 'Werkstatt Lee\nHafenstraße 3\n20095 Hamburg';

let t: TestApp;
let signIns = 0;
/** A fresh admin session: the fake clock moves by days here. */
const admin = async () =>
  adminClient(t.app, await adminSessionCookie(t.app, `192.0.2.${++signIns}`));

beforeAll(async () => {
  t = await buildTestApp({ env: { ...ADMIN_ENV, SHOP_TIME_ZONE: 'Europe/Berlin' } });
  const a = await admin();
  expect((await a('PUT', '/api/admin/shop', { address: SHOP_ADDRESS })).statusCode).toBe(200);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.mail.settle();
  t.mail.clear();
});

const withdraw = (buyer: MadeCustomer, orderId: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customers/me/orders/${orderId}/withdraw`,
    ...withSession(buyer.cookie),
    payload,
  });

/** Rows of withdrawals, refunds and mail: for "nothing was written". */
async function written() {
  return {
    withdrawals: await countRows(t, 'order_withdrawals'),
    lines: await countRows(t, 'order_withdrawal_lines'),
    mail: await countRows(t, 'mail_outbox'),
  };
}

/** Expects a refusal with this status and code, and that nothing was written or mailed. */
async function refused(
  send: () => Promise<{
    statusCode: number;
    json: () => { error: { code: string; message: string; field?: string } };
  }>,
  status: number,
  code: string,
  orderId?: number,
) {
  const before = await written();
  const row = orderId ? await orderRow(t, orderId) : null;
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json().error.code).toBe(code);
  expect(await written()).toEqual(before);
  if (orderId) expect(await orderRow(t, orderId)).toEqual(row);
  return res;
}

/** A shipping order, paid, shipped and delivered now. */
async function deliveredOrder(count = 2) {
  const placed = await placeOrder(t, { count, body: { shipping_address: ADDRESS } });
  const a = await admin();
  const id = placed.order.id;
  expect(
    (await a('POST', `/api/admin/orders/${id}/ship`, { carrier: 'DHL', tracking_reference: 'J1' }))
      .statusCode,
  ).toBe(200);
  expect((await a('POST', `/api/admin/orders/${id}/deliver`)).statusCode).toBe(200);
  await t.mail.settle();
  t.mail.clear();
  return placed;
}

describe('POST /api/customers/me/orders/:id/withdraw: when it applies', () => {
  it('a paid order not yet sent: recorded with its date and time, the order stays paid, acknowledged', async () => {
    t.clock.set(new Date('2026-02-02T10:00:00Z'));
    const { buyer, items, order } = await placeOrder(t, {
      count: 2,
      body: { shipping_address: ADDRESS },
    });
    await t.mail.settle();
    t.mail.clear();
    t.clock.set(new Date('2026-02-02T10:15:00Z'));
    const res = await withdraw(buyer, order.id, {
      item_ids: [items[0]!.id],
      reason: '  Changed my mind  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'paid',
      withdrawal: {
        requested_at: '2026-02-02T10:15:00.000Z',
        item_ids: [items[0]!.id],
        requests: [
          {
            requested_at: '2026-02-02T10:15:00.000Z',
            item_ids: [items[0]!.id],
            reason: 'Changed my mind',
          },
        ],
      },
      withdrawal_period_ends_at: null,
      refunds: [],
    });
    // The item stays sold until the owner pays it back.
    expect((await itemRow(t, items[0]!.id)).status).toBe('sold');
    await t.mail.settle();
    const ack = t.mail.titled(
      buyer.email,
      `We received your withdrawal from order ${order.number}`,
    );
    expect(ack.text).toContain('Monday, 2 February 2026 at 11:15 (Europe/Berlin time)');
    expect(ack.text).toContain(`- ${order.lines[0].title}: €15.00`);
    expect(ack.text).not.toContain(order.lines[1].title);
    expect(ack.text).toContain('Your reason: Changed my mind');
    expect(ack.text).toMatch(/We will not send these pieces/);
    const notice = t.mail.titled(ADMIN.email, `Withdrawal from order ${order.number}`);
    expect(notice.text).toContain(
      'Do not ship these pieces. Refund them by Monday, 16 February 2026 at 11:15',
    );
    expect(notice.text).toContain('Their reason:\nChanged my mind');
    // The admin sees it on the order.
    const shown = await (await admin())('GET', `/api/admin/orders/${order.id}`);
    expect(shown.json().withdrawal.item_ids).toEqual([items[0]!.id]);
  });

  it('on its way (shipped, not delivered): the period has not begun, withdrawing is open', async () => {
    const { buyer, items, order } = await placeOrder(t, { body: { shipping_address: ADDRESS } });
    await (await admin())('POST', `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'J2',
    });
    const res = await withdraw(buyer, order.id, { item_ids: [items[0]!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('shipped');
  });

  it('delivered: open until the end of the 14th day after delivery in the shop’s time zone, then 409', async () => {
    // Delivered at 23:30 in Berlin on 1 March: the period ends at midnight starting 16 March.
    t.clock.set(new Date('2026-03-01T22:30:00Z'));
    const { buyer, items, order } = await deliveredOrder();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/customers/me/orders/${order.id}`,
      ...withSession(buyer.cookie),
    });
    expect(shown.json().withdrawal_period_ends_at).toBe('2026-03-15T23:00:00.000Z');
    t.clock.set(new Date('2026-03-15T22:59:59Z'));
    const inTime = await withdraw(buyer, order.id, { item_ids: [items[0]!.id] });
    expect(inTime.statusCode, inTime.body).toBe(200);
    await t.mail.settle();
    const ack = t.mail.titled(
      buyer.email,
      `We received your withdrawal from order ${order.number}`,
    );
    expect(ack.text).toContain(`Please send the pieces back within 14 days to:\n${SHOP_ADDRESS}`);
    t.clock.set(new Date('2026-03-15T23:00:00Z'));
    const late = await refused(
      () => withdraw(buyer, order.id, { item_ids: [items[1]!.id] }),
      409,
      'withdrawal_period_over',
      order.id,
    );
    expect(late.json().error.message).toContain(
      'ended with Sunday, 15 March 2026 (Europe/Berlin time)',
    );
  });

  it('a pickup order: the 14 days count from the hand-over', async () => {
    t.clock.set(new Date('2026-05-04T09:00:00Z'));
    const { buyer, items, order } = await placeOrder(t, { count: 2 });
    t.clock.set(new Date('2026-05-10T09:00:00Z'));
    expect(
      (await (await admin())('POST', `/api/admin/orders/${order.id}/deliver`)).statusCode,
    ).toBe(200);
    t.clock.set(new Date('2026-05-24T21:59:00Z')); // 23:59 on the 14th day after, Berlin
    expect((await withdraw(buyer, order.id, { item_ids: [items[0]!.id] })).statusCode).toBe(200);
    t.clock.set(new Date('2026-05-24T22:00:00Z'));
    await refused(
      () => withdraw(buyer, order.id, { item_ids: [items[1]!.id] }),
      409,
      'withdrawal_period_over',
      order.id,
    );
  });
});

describe('POST /api/customers/me/orders/:id/withdraw: repeats and refusals', () => {
  it('naming withdrawn items again answers the order as it is: nothing new recorded or mailed', async () => {
    const { buyer, items, order } = await placeOrder(t, { count: 2 });
    const first = await withdraw(buyer, order.id, { item_ids: [items[0]!.id] });
    expect(first.statusCode).toBe(200);
    await t.mail.settle();
    t.mail.clear();
    t.clock.advance(60_000);
    const before = await written();
    const again = await withdraw(buyer, order.id, { item_ids: [items[0]!.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customers/me/orders/${order.id}`,
          ...withSession(buyer.cookie),
        })
      ).json(),
    );
    expect(await written()).toEqual(before);
    await t.mail.settle();
    expect(t.mail.to(buyer.email)).toEqual([]);
    // The other item later: a second request, both in the withdrawal.
    const second = await withdraw(buyer, order.id, { item_ids: [items[1]!.id, items[0]!.id] });
    expect(second.json().withdrawal).toMatchObject({
      requested_at: first.json().withdrawal.requested_at,
      item_ids: [items[0]!.id, items[1]!.id],
    });
    expect(second.json().withdrawal.requests).toHaveLength(2);
  });

  it('an item not in the order is 400 item_not_in_order; nothing written', async () => {
    const { buyer, order } = await placeOrder(t);
    const { items: others } = await placeOrder(t);
    const res = await refused(
      () => withdraw(buyer, order.id, { item_ids: [others[0]!.id] }),
      400,
      'item_not_in_order',
      order.id,
    );
    expect(res.json().error.field).toBe('item_ids');
  });

  it('another customer’s order is 404; nothing written', async () => {
    const { items, order } = await placeOrder(t);
    const stranger = await makeCustomer(t);
    await refused(
      () => withdraw(stranger, order.id, { item_ids: [items[0]!.id] }),
      404,
      'not_found',
      order.id,
    );
  });

  it('a reason over 1000 characters, no items, or an unknown field is 400; nothing written', async () => {
    const { buyer, items, order } = await placeOrder(t);
    for (const payload of [
      { item_ids: [items[0]!.id], reason: 'x'.repeat(1001) },
      { item_ids: [] },
      { item_ids: [items[0]!.id, items[0]!.id] },
      { item_ids: [items[0]!.id], note: 'hi' },
    ])
      await refused(() => withdraw(buyer, order.id, payload), 400, 'invalid_body', order.id);
  });

  it('a cancelled order is 409 invalid_transition; nothing written', async () => {
    const { buyer, items, order } = await placeOrder(t);
    await (await admin())('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Broken' });
    await t.mail.settle();
    await refused(
      () => withdraw(buyer, order.id, { item_ids: [items[0]!.id] }),
      409,
      'invalid_transition',
      order.id,
    );
  });

  it('an item already paid back is 409 item_refunded; nothing written', async () => {
    const { buyer, items, order } = await placeOrder(t, { count: 2 });
    const refund = await (await admin())('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'pending',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.mail.settle();
    await refused(
      () => withdraw(buyer, order.id, { item_ids: [items[0]!.id] }),
      409,
      'item_refunded',
      order.id,
    );
  });

  it('signed out is 401', async () => {
    const { items, order } = await placeOrder(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/me/orders/${order.id}/withdraw`,
      payload: { item_ids: [items[0]!.id] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('withdrawing from an order not paid yet (PAYMENT_PROVIDER=manual)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await buildTestApp({
      env: { ...ADMIN_ENV, PAYMENT_PROVIDER: 'manual', SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02' },
    });
  });
  afterAll(() => m.close());

  const withdrawOn = (buyer: MadeCustomer, orderId: number, payload: object) =>
    m.app.inject({
      method: 'POST',
      url: `/api/customers/me/orders/${orderId}/withdraw`,
      ...withSession(buyer.cookie),
      payload,
    });

  it('some of its pieces is 409 withdraw_whole_order; nothing written', async () => {
    const { buyer, items, order } = await placeOrder(m, { count: 2 });
    await m.mail.settle();
    const before = await orderRow(m, order.id);
    const res = await withdrawOn(buyer, order.id, { item_ids: [items[0]!.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('withdraw_whole_order');
    expect(await orderRow(m, order.id)).toEqual(before);
    expect(await m.db.selectFrom('order_withdrawals').selectAll().execute()).toEqual([]);
  });

  it('all of it cancels the order: the pieces are back on sale, nothing is due, acknowledged', async () => {
    const { buyer, items, order } = await placeOrder(m, { count: 2 });
    await m.mail.settle();
    m.mail.clear();
    const res = await withdrawOn(buyer, order.id, { item_ids: items.map((item) => item.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      payment_due_date: null,
      withdrawal: { item_ids: items.map((item) => item.id) },
      payment: { status: 'cancelled', refunds: [] },
    });
    for (const item of items) expect((await itemRow(m, item.id)).status).toBe('available');
    await m.mail.settle();
    // One mail, the acknowledgment, not a second "cancelled" one.
    expect(m.mail.to(buyer.email).map((mail) => mail.subject)).toEqual([
      `We received your withdrawal from order ${order.number}`,
    ]);
    expect(m.mail.to(buyer.email)[0]!.text).toContain('there is nothing to pay');
  });
});
