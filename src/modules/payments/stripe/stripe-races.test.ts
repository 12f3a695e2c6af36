import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient } from '../../../../test/support/admin.js';
import type { TestApp } from '../../../../test/support/build-test-app.js';
import { itemRow } from '../../../../test/support/factories.js';
import {
  type IndependentInstance,
  independentInstance,
} from '../../../../test/support/independent-instance.js';
import { orderRow } from '../../../../test/support/orders.js';
import { currentDatabaseUrl, raceOnRow } from '../../../../test/support/row-lock-barrier.js';
import type { StripeServer } from '../../../../test/support/stripe-server.js';
import { checkoutWithStripe, postEvent, stripeShop } from '../../../../test/support/stripe-shop.js';
import { onPostgres } from '../../../../test/support/test-database.js';

// Issue 32 item 7: forced races on PostgreSQL. A row is held locked while both sides
// reach it, then released; each side re-checks under the lock, so the outcome is one
// of the orders the database allows, never a sale twice or money kept for nothing.
describe.runIf(onPostgres)('Stripe payments under concurrency, on PostgreSQL', () => {
  let shop: Awaited<ReturnType<typeof stripeShop>>;
  let t: TestApp;
  let stripe: StripeServer;
  let url: string;
  let other: IndependentInstance;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  beforeAll(async () => {
    shop = await stripeShop();
    ({ t, stripe } = shop);
    url = await currentDatabaseUrl(t.db);
    other = await independentInstance(t, 'second', { ...stripe.env });
  });
  afterAll(async () => {
    await other?.close();
    await shop.close();
  });
  beforeEach(async () => {
    admin = await adminClient(t.app);
    other.clock.set(t.clock.now());
  });

  const lockCustomer = (id: number) => ({
    text: 'SELECT id FROM customers WHERE id = $1 FOR UPDATE',
    values: [id],
  });
  const lockItem = (id: number) => ({
    text: 'SELECT id FROM items WHERE id = $1 FOR UPDATE',
    values: [id],
  });
  const refundsOf = (orderId: number) =>
    t.db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();

  it('the same completed event twice at once, on two instances: acted on once', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id);
    const event = stripe.event('checkout.session.completed', session.id);
    // The first holds the buyer's row lock with its event row written; the second waits on that row.
    const [first, second] = await raceOnRow(url, lockCustomer(buyer.id), '%', 2, () => [
      postEvent(t.app, stripe, event),
      postEvent(other.app, stripe, event),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect((await orderRow(t, order.id)).state).toBe('paid');
    expect(await itemRow(t, items[0]!.id)).toMatchObject({ status: 'sold', sold_to: buyer.id });
    const stored = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(stored).toHaveLength(1);
    const confirmations = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', buyer.email)
      .where('subject', '=', `Your order ${order.number}`)
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it('completed and expired at once: paid and sold, or cancelled and refunded, never both', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    stripe.complete(session.id);
    const completed = stripe.event('checkout.session.completed', session.id);
    const expired = stripe.event('checkout.session.expired', session.id);
    const answers = await raceOnRow(url, lockCustomer(buyer.id), 'select%customers%', 2, () => [
      postEvent(t.app, stripe, completed),
      postEvent(other.app, stripe, expired),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    await t.app.jobs.drain();
    const row = await orderRow(t, order.id);
    const item = await itemRow(t, items[0]!.id);
    const refunds = await refundsOf(order.id);
    if (row.state === 'paid') {
      expect(item).toMatchObject({ status: 'sold', sold_to: buyer.id });
      expect(refunds).toEqual([]);
    } else {
      expect(row.state).toBe('cancelled');
      expect(item.status).toBe('available');
      expect(refunds).toEqual([
        expect.objectContaining({ amount_cents: 4200, state: 'succeeded' }),
      ]);
    }
  });

  it.each([
    ['mark-sold', 'sold'],
    ['release', 'available'],
  ])(
    'admin %s during the payment: one side wins; a lost sale is refunded once',
    async (action, adminState) => {
      const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
      const completed = stripe.complete(session.id);
      const event = stripe.event('checkout.session.completed', session.id);
      const [byAdmin, byStripe] = await raceOnRow<{ statusCode: number }>(
        url,
        lockItem(items[0]!.id),
        '%items%',
        2,
        () => [
          admin('POST', `/api/admin/items/${items[0]!.id}/${action}`),
          postEvent(t.app, stripe, event),
        ],
      );
      expect(byStripe!.statusCode).toBe(200);
      await t.app.jobs.drain();
      const row = await orderRow(t, order.id);
      const item = await itemRow(t, items[0]!.id);
      const refunds = stripe.refunds.filter((r) => r.payment_intent === completed.payment_intent);
      if (byAdmin!.statusCode === 200) {
        expect(row.state).toBe('cancelled');
        expect(item.status).toBe(adminState);
        expect(item.sold_to).toBeNull();
        expect(refunds).toHaveLength(1);
      } else {
        expect(byAdmin!.statusCode).toBe(409);
        expect(row.state).toBe('paid');
        expect(item).toMatchObject({ status: 'sold', sold_to: buyer.id });
        expect(refunds).toEqual([]);
      }
    },
  );

  it('the buyer’s account disabled during the payment: sold before it, or released by it and refunded', async () => {
    const { buyer, items, order, session } = await checkoutWithStripe(t, stripe);
    const completed = stripe.complete(session.id);
    const event = stripe.event('checkout.session.completed', session.id);
    const [disabled, paid] = await raceOnRow<{ statusCode: number }>(
      url,
      lockCustomer(buyer.id),
      '%customers%',
      2,
      () => [
        admin('POST', `/api/admin/customers/${buyer.id}/disable`),
        postEvent(t.app, stripe, event),
      ],
    );
    expect([disabled!.statusCode, paid!.statusCode]).toEqual([200, 200]);
    await t.app.jobs.drain();
    const row = await orderRow(t, order.id);
    const item = await itemRow(t, items[0]!.id);
    const refunds = stripe.refunds.filter((r) => r.payment_intent === completed.payment_intent);
    if (row.state === 'paid') {
      // The payment won: the sale stands (disable releases only reserved items, spec 3).
      expect(item).toMatchObject({ status: 'sold', sold_to: buyer.id });
      expect(refunds).toEqual([]);
    } else {
      expect(row.state).toBe('cancelled');
      expect(item).toMatchObject({ status: 'available', sold_to: null });
      expect(refunds).toHaveLength(1);
    }
  });
});
