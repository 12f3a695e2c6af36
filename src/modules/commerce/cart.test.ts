import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, removeFromCart, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';

const HOLD_MS = 30 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ids = (res: { json(): { items: Array<{ id: number }> } }) =>
  res.json().items.map((item) => item.id);

describe('POST /api/cart/items', () => {
  it('reserves an available item for the caller for the hold window and answers with the cart', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db, { images: 1 });
    const res = await addToCart(t, customer.cookie, item.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const until = new Date(t.clock.now().getTime() + HOLD_MS);
    expect(res.json()).toMatchObject({ reserved_until: until.toISOString() });
    expect(ids(res)).toEqual([item.id]);
    expect(res.json().items[0]).toMatchObject({ status: 'reserved', images: [expect.any(Object)] });
    expect(await itemRow(t, item.id)).toMatchObject({
      status: 'reserved',
      reserved_by: customer.id,
      reserved_until: until,
    });
  });

  it('one deadline per cart: set by the first add into an empty cart, joined and never moved by later adds', async () => {
    const customer = await makeCustomer(t);
    const [first, second] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, customer.cookie, first.id);
    const until = new Date(t.clock.now().getTime() + HOLD_MS);
    t.clock.advance(20 * 60_000);
    const res = await addToCart(t, customer.cookie, second.id);
    expect(res.json().reserved_until).toBe(until.toISOString());
    expect(ids(res)).toEqual([first.id, second.id]);
    expect((await itemRow(t, first.id)).reserved_until).toEqual(until);
    expect((await itemRow(t, second.id)).reserved_until).toEqual(until);
    // At the deadline the whole cart has ended, whatever was added late.
    t.clock.advance(10 * 60_000);
    expect((await viewCart(t, customer.cookie)).json()).toEqual({
      items: [],
      reserved_until: null,
    });
  });

  it('adding an item already in the caller’s cart is accepted and keeps its deadline', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const before = await itemRow(t, item.id);
    t.clock.advance(60_000);
    const res = await addToCart(t, customer.cookie, item.id);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([item.id]);
    expect(await itemRow(t, item.id)).toEqual(before);
  });

  it.each([
    ['held by another customer', 'reserved', /another customer/],
    ['sold', 'sold', /sold/],
  ] as const)(
    'refuses an item %s with 409 item_unavailable; the row is unchanged',
    async (_case, status, message) => {
      const [holder, customer] = [await makeCustomer(t), await makeCustomer(t)];
      const item = await makeItem(t.db);
      if (status === 'reserved') await addToCart(t, holder.cookie, item.id);
      else await t.db.updateTable('items').set({ status }).where('id', '=', item.id).execute();
      const before = await itemRow(t, item.id);
      const res = await addToCart(t, customer.cookie, item.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('item_unavailable');
      expect(res.json().error.message).toMatch(message);
      expect(await itemRow(t, item.id)).toEqual(before);
    },
  );

  it.each([
    ['pending (hidden, as on the storefront)', 'pending'],
    ['absent', null],
  ] as const)(
    'refuses an item that is %s with 404 not_found; nothing changes',
    async (_case, status) => {
      const customer = await makeCustomer(t);
      const itemId = status ? (await makeItem(t.db, { status })).id : 999_999;
      const before = status ? await itemRow(t, itemId) : undefined;
      const res = await addToCart(t, customer.cookie, itemId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      if (before) expect(await itemRow(t, itemId)).toEqual(before);
      expect((await viewCart(t, customer.cookie)).json().items).toEqual([]);
    },
  );

  it('a refused add does not extend the caller’s cart', async () => {
    const [holder, customer] = [await makeCustomer(t), await makeCustomer(t)];
    const [mine, theirs] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, customer.cookie, mine.id);
    await addToCart(t, holder.cookie, theirs.id);
    const before = await itemRow(t, mine.id);
    t.clock.advance(60_000);
    expect((await addToCart(t, customer.cookie, theirs.id)).statusCode).toBe(409);
    expect(await itemRow(t, mine.id)).toEqual(before);
  });

  it.each([
    ['no item_id', {}, 'item_id'],
    ['a string id', { item_id: '5' }, 'item_id'],
    ['a zero id', { item_id: 0 }, 'item_id'],
    ['an unknown field', { item_id: 1, quantity: 2 }, 'quantity'],
  ])('refuses a body with %s: 400 invalid_body', async (_case, payload, field) => {
    const customer = await makeCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload,
      ...withSession(customer.cookie),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field });
    expect((await viewCart(t, customer.cookie)).json().items).toEqual([]);
  });

  it('refuses a caller without a session with 401, and the item stays available', async () => {
    const item = await makeItem(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { item_id: item.id },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
    expect((await itemRow(t, item.id)).status).toBe('available');
  });
});

describe('GET /api/cart', () => {
  it('an empty cart: no items and reserved_until null', async () => {
    const customer = await makeCustomer(t);
    const res = await viewCart(t, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], reserved_until: null });
  });

  it('shows only the caller’s own holds', async () => {
    const [ann, bo] = [await makeCustomer(t), await makeCustomer(t)];
    const [a, b] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, ann.cookie, a.id);
    await addToCart(t, bo.cookie, b.id);
    expect(ids(await viewCart(t, ann.cookie))).toEqual([a.id]);
    expect(ids(await viewCart(t, bo.cookie))).toEqual([b.id]);
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});

describe('DELETE /api/cart/items/:item_id', () => {
  it('releases the caller’s hold back to available: 204', async () => {
    const customer = await makeCustomer(t);
    const [kept, released] = [await makeItem(t.db), await makeItem(t.db)];
    await addToCart(t, customer.cookie, kept.id);
    await addToCart(t, customer.cookie, released.id);
    const res = await removeFromCart(t, customer.cookie, released.id);
    expect(res.statusCode).toBe(204);
    expect(await itemRow(t, released.id)).toMatchObject({
      status: 'available',
      reserved_by: null,
      reserved_until: null,
    });
    expect(ids(await viewCart(t, customer.cookie))).toEqual([kept.id]);
  });

  it('never releases another customer’s hold (204, idempotent; the row is unchanged)', async () => {
    const [holder, customer] = [await makeCustomer(t), await makeCustomer(t)];
    const item = await makeItem(t.db);
    await addToCart(t, holder.cookie, item.id);
    const before = await itemRow(t, item.id);
    expect((await removeFromCart(t, customer.cookie, item.id)).statusCode).toBe(204);
    expect(await itemRow(t, item.id)).toEqual(before);
  });

  it('never touches a sold item', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db, { status: 'sold' });
    const before = await itemRow(t, item.id);
    expect((await removeFromCart(t, customer.cookie, item.id)).statusCode).toBe(204);
    expect(await itemRow(t, item.id)).toEqual(before);
  });

  it('refuses a malformed id with 400 invalid_id, and a stranger with 401', async () => {
    const customer = await makeCustomer(t);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/items/x1',
      ...withSession(customer.cookie),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_id');
    const item = await makeItem(t.db);
    await addToCart(t, customer.cookie, item.id);
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}` });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error.code).toBe('not_signed_in');
    expect((await itemRow(t, item.id)).status).toBe('reserved');
  });
});
