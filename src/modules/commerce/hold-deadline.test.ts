import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, removeFromCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';

const MINUTE = 60_000;
const HOLD_MS = 30 * MINUTE;

// Issue "concurrency", item 6: a hold ends at its deadline whatever the customer does.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

async function lapsedHold(options: { swept: boolean }) {
  const customer = await makeCustomer(t);
  const item = await makeItem(t.db);
  expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
  t.clock.advance(HOLD_MS);
  if (options.swept) await t.app.cartJobs.releaseExpiredHolds();
  return { customer, item };
}

describe('re-holding one’s own lapsed item waits one hold window; anyone else may take it at once', () => {
  it.each([
    ['not yet swept', false],
    ['swept', true],
  ] as const)(
    'lapsed and %s: 409 for its holder until the cool-down ends, then 200',
    async (_case, swept) => {
      const { customer, item } = await lapsedHold({ swept });
      const before = await itemRow(t, item.id);
      const refused = await addToCart(t, customer.cookie, item.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('item_unavailable');
      expect(refused.json().error.message).toMatch(/hold window/);
      expect(await itemRow(t, item.id)).toEqual(before);
      t.clock.advance(HOLD_MS - 1);
      expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(409);
      t.clock.advance(1);
      const again = await addToCart(t, customer.cookie, item.id);
      expect(again.statusCode).toBe(200);
      // A fresh cart: a full window from now.
      expect(again.json().reserved_until).toBe(
        new Date(t.clock.now().getTime() + HOLD_MS).toISOString(),
      );
    },
  );

  it.each([
    ['not yet swept', false],
    ['swept', true],
  ] as const)('lapsed and %s: another customer holds it at once', async (_case, swept) => {
    const { item } = await lapsedHold({ swept });
    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, item.id)).statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'reserved', reserved_by: other.id });
  });

  // Issue 30 item 5: the refusal carries when the holder may hold it again, so the page
  // can say so instead of guessing that someone else took the piece.
  it.each([
    ['lapsed, not yet swept', false],
    ['lapsed and swept', true],
  ] as const)(
    '%s: the refusal says when the holder may hold it again (its end plus one window)',
    async (_case, swept) => {
      const hold = await lapsedHold({ swept });
      const endedAt = t.clock.now().getTime();
      t.clock.advance(5 * MINUTE);
      const refused = await addToCart(t, hold.customer.cookie, hold.item.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'item_unavailable',
        available_again_at: new Date(endedAt + HOLD_MS).toISOString(),
      });
    },
  );

  it('removed: the refusal says when the holder may hold it again; held by another: no time', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    t.clock.advance(10 * MINUTE);
    await removeFromCart(t, customer.cookie, item.id);
    const removedAt = t.clock.now().getTime();
    const refused = await addToCart(t, customer.cookie, item.id);
    expect(refused.json().error.available_again_at).toBe(
      new Date(removedAt + HOLD_MS).toISOString(),
    );

    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, item.id)).statusCode).toBe(200);
    const taken = await addToCart(t, customer.cookie, item.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('item_unavailable');
    expect(taken.json().error).not.toHaveProperty('available_again_at');
  });

  it('removing an item and adding it back does not start a new window: the cool-down applies', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    t.clock.advance(25 * MINUTE);
    expect((await removeFromCart(t, customer.cookie, item.id)).statusCode).toBe(204);
    expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(409);
    expect((await itemRow(t, item.id)).status).toBe('available');
    const other = await makeCustomer(t);
    expect((await addToCart(t, other.cookie, item.id)).statusCode).toBe(200);
  });
});

describe('an expired but not yet swept hold counts as released everywhere', () => {
  it('admin unpublish succeeds', async () => {
    const { item } = await lapsedHold({ swept: false });
    expect((await itemRow(t, item.id)).status).toBe('reserved');
    const res = await admin('POST', `/api/admin/items/${item.id}/unpublish`);
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({
      status: 'pending',
      reserved_by: null,
      reserved_until: null,
    });
  });

  it('admin mark-sold succeeds and records no buyer', async () => {
    const { item } = await lapsedHold({ swept: false });
    expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({
      status: 'sold',
      sold_to: null,
      reserved_by: null,
    });
  });

  it('a live hold is still refused for unpublish (409 item_reserved)', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const res = await admin('POST', `/api/admin/items/${item.id}/unpublish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_reserved');
  });
});
