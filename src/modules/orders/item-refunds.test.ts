import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { itemRow } from '../../../test/support/factories.js';
import { ADDRESS, countRows, orderRow, placeOrder } from '../../../test/support/orders.js';
import { checkoutWithStripe, postEvent, stripeShop } from '../../../test/support/stripe-shop.js';

// Issue 34 item 5: the owner has the items back and pays them back: their prices, plus
// the shipping once when asked, never more than was paid less earlier refunds; through
// the provider; each item back on sale or to pending; the order refunded once every
// line is. Races: returns-races.test.ts.
const RATES = {
  zones: [{ name: 'Germany', countries: ['DE'], rates: [{ up_to_grams: null, price_cents: 490 }] }],
  free_over_cents: null,
};

type Admin = Awaited<ReturnType<typeof adminClient>>;

async function refundRows(t: TestApp) {
  return {
    refunds: await countRows(t, 'order_refunds'),
    lines: await countRows(t, 'order_refund_lines'),
    mail: await countRows(t, 'mail_outbox'),
    jobs: await countRows(t, 'jobs'),
  };
}

describe('POST /api/admin/orders/:id/refund (PAYMENT_PROVIDER=accept)', () => {
  let t: TestApp;
  let admin: Admin;
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    admin = await adminClient(t.app);
    expect((await admin('PUT', '/api/admin/shipping', RATES)).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.mail.settle();
    t.mail.clear();
  });

  const refund = (orderId: number, payload: object) =>
    admin('POST', `/api/admin/orders/${orderId}/refund`, payload);

  /** Expects a refusal: status, code, and nothing written (order, items, refunds, mail, jobs). */
  async function refused(orderId: number, payload: object, status: number, code: string) {
    await t.mail.settle();
    const before = { rows: await refundRows(t), order: await orderRow(t, orderId) };
    const res = await refund(orderId, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect({ rows: await refundRows(t), order: await orderRow(t, orderId) }).toEqual(before);
  }

  async function delivered(count: number) {
    const placed = await placeOrder(t, {
      count,
      priceCents: 2000,
      body: { shipping_address: ADDRESS },
    });
    const id = placed.order.id;
    await admin('POST', `/api/admin/orders/${id}/ship`, {
      carrier: 'DHL',
      tracking_reference: 'J',
    });
    await admin('POST', `/api/admin/orders/${id}/deliver`);
    return placed;
  }

  it('pays one item back, puts it on sale again, and mails the buyer; the order stays delivered', async () => {
    const { buyer, items, order } = await delivered(2);
    expect(order).toMatchObject({ shipping_cents: 490, total_cents: 4490 });
    const res = await refund(order.id, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'delivered',
      refunds: [
        {
          amount_cents: 2000,
          item_ids: [items[0]!.id],
          shipping_cents: 0,
          at: t.clock.now().toISOString(),
        },
      ],
      refunded_at: null,
    });
    const item = await itemRow(t, items[0]!.id);
    expect(item).toMatchObject({ status: 'available', sold_to: null, sold_at: null });
    // The storefront shows it on sale again.
    const page = await t.app.inject({ method: 'GET', url: `/api/items/${items[0]!.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().status).toBe('available');
    expect((await itemRow(t, items[1]!.id)).status).toBe('sold');
    await t.app.jobs.drain();
    const shown = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(shown.payment.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2000, reason: 'Returned', state: 'succeeded' }),
    ]);
    await t.mail.settle();
    const mail = t.mail.titled(buyer.email, `Your refund for order ${order.number}`);
    expect(mail.text).toContain('We have refunded €20.00');
    expect(mail.text).toContain(`- ${order.lines[0].title}: €20.00`);
  });

  it('the last items with the shipping: every line paid back, the order is refunded', async () => {
    const { items, order } = await delivered(2);
    await refund(order.id, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'pending',
    });
    t.clock.advance(60_000);
    const res = await refund(order.id, {
      item_ids: [items[1]!.id],
      include_shipping: true,
      restock: 'pending',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'refunded',
      refunded_at: t.clock.now().toISOString(),
      refunds: [
        { amount_cents: 2000, item_ids: [items[0]!.id], shipping_cents: 0 },
        { amount_cents: 2490, item_ids: [items[1]!.id], shipping_cents: 490 },
      ],
    });
    // restock pending: not on sale until the owner has looked at it.
    for (const item of items) expect((await itemRow(t, item.id)).status).toBe('pending');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/items/${items[0]!.id}` })).statusCode,
    ).toBe(404);
    // A refunded order is ended: nothing more to refund, ship or cancel.
    for (const [path, body] of [
      ['cancel', { reason: 'Too late' }],
      ['ship', { carrier: 'DHL', tracking_reference: 'J9' }],
      ['deliver', undefined],
    ] as const) {
      const res = await admin('POST', `/api/admin/orders/${order.id}/${path}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('invalid_transition');
    }
    await refused(
      order.id,
      { item_ids: [], include_shipping: true, restock: 'available' },
      409,
      'invalid_transition',
    );
  });

  it('each refund issues a credit note referring to the invoice; a later cancel credits only the rest', async () => {
    const { items, order } = await placeOrder(t, {
      count: 2,
      priceCents: 2000,
      body: { shipping_address: ADDRESS },
    });
    expect(order.invoice.number).toMatch(/^INV-\d{4}-\d{5}$/);
    const res = await refund(order.id, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credit_notes).toEqual([
      {
        number: expect.stringMatching(/^CN-\d{4}-\d{5}$/),
        issued_at: expect.any(String),
        amount_cents: 2000,
      },
    ]);
    const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'The buyer asked to cancel the rest.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = await t.db
      .selectFrom('credit_notes')
      .select(['amount_cents', 'snapshot'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    type Note = { refers_to: string; lines: { item_id: number }[]; shipping: unknown };
    const [first, rest] = notes.map((note) => ({ ...note, snapshot: note.snapshot as Note }));
    expect(first).toMatchObject({
      amount_cents: 2000,
      snapshot: { refers_to: order.invoice.number, shipping: null },
    });
    expect(first!.snapshot.lines.map((line) => line.item_id)).toEqual([items[0]!.id]);
    // The rest: the other piece and the shipping, not the piece credited before.
    expect(rest!.amount_cents).toBe(2490);
    expect(rest!.snapshot.lines.map((line) => line.item_id)).toEqual([items[1]!.id]);
    expect(rest!.snapshot.shipping).not.toBeNull();
    expect(first!.amount_cents + rest!.amount_cents).toBe(order.total_cents);
  });

  it('the same item twice is 409 item_refunded; the shipping is given back once', async () => {
    const { items, order } = await delivered(3);
    const first = await refund(order.id, {
      item_ids: [items[0]!.id],
      include_shipping: true,
      restock: 'available',
    });
    expect(first.json().refunds[0]).toMatchObject({ amount_cents: 2490, shipping_cents: 490 });
    await refused(
      order.id,
      { item_ids: [items[1]!.id, items[0]!.id], include_shipping: false, restock: 'available' },
      409,
      'item_refunded',
    );
    const second = await refund(order.id, {
      item_ids: [items[1]!.id],
      include_shipping: true,
      restock: 'available',
    });
    expect(second.json().refunds[1]).toMatchObject({ amount_cents: 2000, shipping_cents: 0 });
    // Only the shipping, once more: nothing is left to give back for it.
    await refused(
      order.id,
      { item_ids: [], include_shipping: true, restock: 'available' },
      409,
      'nothing_to_refund',
    );
  });

  it('only a paid, shipped or delivered order: placed or cancelled is 409 invalid_transition; nothing written', async () => {
    const { items, order } = await placeOrder(t);
    await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Broken' });
    await refused(
      order.id,
      { item_ids: [items[0]!.id], include_shipping: false, restock: 'available' },
      409,
      'invalid_transition',
    );
  });

  it('an item not in the order is 400 item_not_in_order, a bad restock or a repeated id 400; nothing written', async () => {
    const { order } = await placeOrder(t);
    const { items: others } = await placeOrder(t);
    await refused(
      order.id,
      { item_ids: [others[0]!.id], include_shipping: false, restock: 'available' },
      400,
      'item_not_in_order',
    );
    const mine = order.lines[0].item_id;
    await refused(
      order.id,
      { item_ids: [mine], include_shipping: false, restock: 'sold' },
      400,
      'invalid_body',
    );
    await refused(
      order.id,
      { item_ids: [mine, mine], include_shipping: false, restock: 'available' },
      400,
      'invalid_body',
    );
    await refused(order.id, { item_ids: [mine], restock: 'available' }, 400, 'invalid_body');
  });

  it('an unknown order is 404; signed out is 401', async () => {
    const res = await refund(999_999, {
      item_ids: [1],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/1/refund',
      payload: { item_ids: [1], include_shipping: false, restock: 'available' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('property: whatever the owner asks in whatever order, refunds never exceed what was paid, each line and the shipping at most once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            pick: fc.subarray([0, 1, 2]),
            shipping: fc.boolean(),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (requests) => {
          const { items, order } = await delivered(3);
          const done = new Set<number>();
          let shippingBack = false;
          for (const request of requests) {
            const res = await refund(order.id, {
              item_ids: request.pick.map((i) => items[i]!.id),
              include_shipping: request.shipping,
              restock: 'available',
            });
            const repeats = request.pick.some((i) => done.has(i));
            const gives = request.pick.length > 0 || (request.shipping && !shippingBack);
            const ended = done.size === 3;
            if (ended) expect(res.statusCode).toBe(409);
            else if (repeats) expect(res.json().error.code).toBe('item_refunded');
            else if (!gives) expect(res.json().error.code).toBe('nothing_to_refund');
            else {
              expect(res.statusCode, res.body).toBe(200);
              for (const i of request.pick) done.add(i);
              if (request.shipping) shippingBack = true;
            }
          }
          const refunds = await t.db
            .selectFrom('order_refunds')
            .select(['amount_cents', 'shipping_cents'])
            .where('order_id', '=', order.id)
            .execute();
          const total = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
          expect(total).toBeLessThanOrEqual(order.total_cents);
          expect(total).toBe(done.size * 2000 + (shippingBack ? 490 : 0));
          expect(refunds.filter((r) => r.shipping_cents > 0).length).toBe(shippingBack ? 1 : 0);
          expect((await orderRow(t, order.id)).state).toBe(
            done.size === 3 ? 'refunded' : 'delivered',
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('webhooks: each refund is an order.refunded event, items back on sale are released', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => t.close());

  it('names the amount and the items, in the transaction of the refund', async () => {
    const admin = await adminClient(t.app);
    const hook = await admin('POST', '/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['order.refunded', 'item.released'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { items, order } = await placeOrder(t, { count: 2, priceCents: 1200 });
    const res = await admin('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.db
      .selectFrom('webhook_events')
      .select(['type', 'body'])
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['order.refunded', 'item.released']);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({
      id: order.id,
      state: 'paid',
      refund: { amount_cents: 1200, item_ids: [items[0]!.id] },
    });
    expect(JSON.parse(events[1]!.body).data).toMatchObject({
      id: items[0]!.id,
      status: 'available',
    });
  });
});

describe('webhooks: a cancel after a partial refund', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => t.close());

  it('names what goes back with the cancel, not the whole total again', async () => {
    const admin = await adminClient(t.app);
    await admin('POST', '/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['order.refunded'],
    });
    const { items, order } = await placeOrder(t, { count: 2, priceCents: 1200 });
    await admin('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    const res = await admin('POST', `/api/admin/orders/${order.id}/cancel`, { reason: 'Rest' });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.db.selectFrom('webhook_events').select('body').orderBy('id').execute();
    expect(events.map((event) => JSON.parse(event.body).data.refund.amount_cents)).toEqual([
      1200, 1200,
    ]);
  });
});

describe('manual payments: a refund recorded for the shop to pay by hand', () => {
  let t: TestApp;
  let admin: Admin;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ...ADMIN_ENV, PAYMENT_PROVIDER: 'manual', SHOP_PAYMENT_INSTRUCTIONS: 'IBAN DE02' },
    });
    admin = await adminClient(t.app);
  });
  afterAll(() => t.close());

  it('shows as to pay by hand on the order; a later cancel gives back only the rest', async () => {
    const { items, order } = await placeOrder(t, { count: 2, priceCents: 1500 });
    await admin('POST', `/api/admin/orders/${order.id}/mark-paid`);
    const res = await admin('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[0]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    const shown = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(shown.payment).toMatchObject({
      status: 'refund_by_hand',
      refunds: [{ amount_cents: 1500, state: 'to_pay_by_hand' }],
    });
    // Cancelling the rest gives back what was not given back yet, not the whole total.
    const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().refunds).toEqual([
      expect.objectContaining({ amount_cents: 1500, item_ids: [items[0]!.id] }),
      expect.objectContaining({ amount_cents: 1500, item_ids: [items[1]!.id] }),
    ]);
  });
});

describe('stripe: the money goes back through a Stripe refund', () => {
  let shop: Awaited<ReturnType<typeof stripeShop>>;
  beforeAll(async () => {
    shop = await stripeShop();
  });
  afterAll(() => shop.close());

  it('refunds the item’s price on the order’s Payment Intent, once', async () => {
    const { t, stripe } = shop;
    const { items, order, session } = await checkoutWithStripe(t, stripe, { count: 2 });
    const completed = stripe.complete(session.id);
    await postEvent(t.app, stripe, stripe.event('checkout.session.completed', session.id));
    const admin = await adminClient(t.app);
    const res = await admin('POST', `/api/admin/orders/${order.id}/refund`, {
      item_ids: [items[1]!.id],
      include_shipping: false,
      restock: 'available',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    expect(stripe.refunds.filter((r) => r.payment_intent === completed.payment_intent)).toEqual([
      expect.objectContaining({ amount: 4200 }),
    ]);
    const shown = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(shown.payment.refunds).toEqual([
      expect.objectContaining({ amount_cents: 4200, state: 'succeeded' }),
    ]);
  });
});
