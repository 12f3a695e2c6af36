import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  addToCart,
  buyerHolding,
  checkout,
  removeFromCart,
  viewCart,
} from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow } from '../../../test/support/factories.js';
import { recordingPayments } from '../../../test/support/payments.js';

// Issue 13 item 2, with a payment in flight: the payment step blocks until the test
// releases it, so the admin's unpublish and the buyer's remove land exactly between the
// claim and the recording (a forced race, on PGlite and on PostgreSQL alike). The spec
// decides: a reserved item cannot be unpublished; the checkout sells or voids cleanly,
// and never sells an item that left the cart.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
const payments = recordingPayments();
const { captures, voids } = payments;
let paymentStarted: Promise<void>;
let startPayment: () => void;
let releasePayment: () => void;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV, deps: { payments: payments.provider } });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  payments.reset();
  paymentStarted = new Promise<void>((resolve) => {
    startPayment = resolve;
  });
  // A payment that takes as long as the test says: it returns only once released.
  payments.during = () => {
    const released = new Promise<void>((resolve) => {
      releasePayment = resolve;
    });
    startPayment();
    return released;
  };
});

describe('an admin unpublish while the buyer’s payment is in flight', () => {
  it('is refused 409 item_reserved; the checkout then sells the item, nothing is voided', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    const [claimed, other] = [items[0]!, items[1]!];
    const buying = checkout(t, buyer.cookie);
    await paymentStarted;

    const before = await itemRow(t, claimed.id);
    const unpublish = await admin('POST', `/api/admin/items/${claimed.id}/unpublish`);
    expect(unpublish.statusCode).toBe(409);
    expect(unpublish.json().error.code).toBe('item_reserved');
    // The refusal wrote nothing: the item is still claimed by this checkout.
    expect(await itemRow(t, claimed.id)).toEqual(before);

    releasePayment();
    const res = await buying;
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_item_ids).toEqual([claimed.id, other.id].sort((a, b) => a - b));
    expect(await itemRow(t, claimed.id)).toMatchObject({ status: 'sold', sold_to: buyer.id });
    expect(captures).toHaveLength(1);
    expect(voids).toEqual([]);
  });
});

describe('the buyer removes a claimed item while the payment is in flight', () => {
  it('the remove wins: the item is back on sale, the checkout answers 409 and voids once', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    const [removed, kept] = [items[0]!, items[1]!];
    const keptBefore = await itemRow(t, kept.id);
    const buying = checkout(t, buyer.cookie);
    await paymentStarted;

    expect((await removeFromCart(t, buyer.cookie, removed.id)).statusCode).toBe(204);
    expect(await itemRow(t, removed.id)).toMatchObject({
      status: 'available',
      reserved_by: null,
      checkout_key: null,
    });

    releasePayment();
    const res = await buying;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_unavailable');
    // Never sold: neither the removed item nor, with it, the rest of that order.
    expect(await itemRow(t, removed.id)).toMatchObject({ status: 'available', sold_to: null });
    expect(captures).toHaveLength(1);
    expect(voids).toEqual(captures);
    // The item that stayed is held as it was before the checkout, deadline unchanged.
    expect(await itemRow(t, kept.id)).toEqual(keptBefore);
    expect((await viewCart(t, buyer.cookie)).json().items.map((i: { id: number }) => i.id)).toEqual(
      [kept.id],
    );
  });

  it('another customer may take the removed item at once; the buyer’s next checkout sells only what stayed', async () => {
    const { buyer, items } = await buyerHolding(t, 2);
    const [removed, kept] = [items[0]!, items[1]!];
    const buying = checkout(t, buyer.cookie);
    await paymentStarted;
    expect((await removeFromCart(t, buyer.cookie, removed.id)).statusCode).toBe(204);
    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, removed.id)).statusCode).toBe(200);
    releasePayment();
    expect((await buying).statusCode).toBe(409);
    expect(await itemRow(t, removed.id)).toMatchObject({
      status: 'reserved',
      reserved_by: other.id,
    });

    paymentStarted = new Promise<void>((resolve) => {
      startPayment = resolve;
    });
    const again = checkout(t, buyer.cookie);
    await paymentStarted;
    releasePayment();
    const res = await again;
    expect(res.statusCode).toBe(200);
    expect(res.json().sold_item_ids).toEqual([kept.id]);
    expect(voids).toHaveLength(1);
  });
});
