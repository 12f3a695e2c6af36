import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, buyerHolding, checkout, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';
import { recordingPayments } from '../../../test/support/payments.js';
import { paymentDeclined } from './payments.js';

const MINUTE = 60_000;

// Issue "concurrency", item 2: claim → pay with no transaction open → record.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
const payments = recordingPayments();
const { captures, voids } = payments;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV, deps: { payments: payments.provider } });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
beforeEach(() => payments.reset());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the payment step runs with no transaction open', () => {
  it('another customer’s add of an unrelated item completes during a 3 s payment step', async () => {
    const { buyer } = await buyerHolding(t);
    const other = await makeCustomer(t);
    const unrelated = await makeItem(t.db);
    const events: string[] = [];
    let addFinished: () => void = () => {};
    const added = new Promise<void>((resolve) => {
      addFinished = resolve;
    });
    let paymentStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      paymentStarted = resolve;
    });
    payments.during = async () => {
      events.push('payment started');
      paymentStarted();
      // The payment takes 3 s, unless the other customer's add is done sooner.
      await Promise.race([added, sleep(3_000)]);
      events.push('payment finished');
    };
    const buying = checkout(t, buyer.cookie);
    await started;
    const add = await addToCart(t, other.cookie, unrelated.id);
    events.push('unrelated add finished');
    addFinished();
    expect(add.statusCode).toBe(200);
    expect((await buying).statusCode).toBe(200);
    expect(events).toEqual(['payment started', 'unrelated add finished', 'payment finished']);
  });

  it('while the payment is taken the claimed items stay held: no sweep, no second checkout', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    let second: { statusCode: number; json(): { error: { code: string } } } | undefined;
    let swept: number[] = [];
    payments.during = async () => {
      t.clock.advance(2 * MINUTE); // past the cart's deadline, within the claim
      swept = await t.app.cartJobs.releaseExpiredHolds();
      second = await checkout(t, buyer.cookie);
    };
    t.clock.advance(29 * MINUTE);
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_item_ids).toEqual(items.map((item) => item.id));
    for (const item of items) expect(swept).not.toContain(item.id);
    expect(second?.statusCode).toBe(409);
    expect(second?.json().error.code).toBe('cart_empty');
    expect(captures).toHaveLength(1);
    expect(voids).toEqual([]);
  });
});

describe('a sale that cannot be recorded after the capture is voided', () => {
  it('a failing recording transaction: void exactly once, the items back in the cart as they were', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    const before = await Promise.all(items.map((item) => itemRow(t, item.id)));
    // The database refuses the sale itself: a fault in the recording step.
    await sql`CREATE FUNCTION refuse_sale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'recording refused'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_sale BEFORE UPDATE ON items FOR EACH ROW
      WHEN (NEW.status = 'sold') EXECUTE FUNCTION refuse_sale()`.execute(t.db);
    t.logs.clear();
    try {
      const res = await checkout(t, buyer.cookie);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_sale ON items`.execute(t.db);
      await sql`DROP FUNCTION refuse_sale()`.execute(t.db);
    }
    expect(captures).toHaveLength(1);
    expect(voids).toEqual(captures);
    for (const [i, item] of items.entries()) expect(await itemRow(t, item.id)).toEqual(before[i]);
    expect(t.logs.entries().filter((entry) => entry.msg === 'items sold')).toEqual([]);
    expect((await viewCart(t, buyer.cookie)).json().items).toHaveLength(2);
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(200);
    expect(voids).toHaveLength(1);
  });

  it('an admin sells an item during the payment: 409, void once, the rest stays in the cart', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    const [taken, kept] = [items[0]!, items[1]!];
    const keptBefore = await itemRow(t, kept.id);
    payments.during = async () => {
      expect((await admin('POST', `/api/admin/items/${taken.id}/mark-sold`)).statusCode).toBe(200);
    };
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_unavailable');
    expect(voids).toEqual(captures);
    expect(voids).toHaveLength(1);
    expect(await itemRow(t, kept.id)).toEqual(keptBefore);
    expect(await itemRow(t, taken.id)).toMatchObject({ status: 'sold', sold_to: null });
  });

  it('the buyer is disabled during the payment: the disable wins, void once, nothing sold', async () => {
    const { buyer, items } = await buyerHolding(t, 1);
    payments.during = async () => {
      expect((await admin('POST', `/api/admin/customers/${buyer.id}/disable`)).statusCode).toBe(
        200,
      );
    };
    const res = await checkout(t, buyer.cookie);
    expect(res.statusCode).toBe(401);
    expect(voids).toEqual(captures);
    expect(voids).toHaveLength(1);
    expect(await itemRow(t, items[0]!.id)).toMatchObject({
      status: 'available',
      sold_to: null,
      reserved_by: null,
      checkout_key: null,
    });
  });

  it('a declined payment is not voided (nothing was taken); a capture failing otherwise is', async () => {
    const { buyer, items } = await buyerHolding(t, 1);
    const before = await itemRow(t, items[0]!.id);
    payments.during = async () => {
      throw paymentDeclined();
    };
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(402);
    expect(voids).toEqual([]);
    expect(await itemRow(t, items[0]!.id)).toEqual(before);

    payments.during = async () => {
      throw new Error('provider timed out');
    };
    expect((await checkout(t, buyer.cookie)).statusCode).toBe(500);
    expect(voids).toEqual([captures[1]]);
    expect(await itemRow(t, items[0]!.id)).toEqual(before);
  });
});
