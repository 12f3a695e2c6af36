import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { favorite } from '../../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../../test/support/customer-factories.js';
import { itemRow, makeItem, makeTag } from '../../../test/support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/customers/me/favorites',
    ...(cookie ? withSession(cookie) : {}),
  });

const favoriteRows = (customerId: number) =>
  t.db.selectFrom('favorites').selectAll().where('customer_id', '=', customerId).execute();

describe('POST /api/customers/me/favorites/:item_id', () => {
  it('favorites a visible item: 204, one row', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    const res = await favorite(t, customer.cookie, item.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await favoriteRows(customer.id)).toEqual([
      { customer_id: customer.id, item_id: item.id, created_at: t.clock.now() },
    ]);
  });

  it('is idempotent: a second call is 204 and keeps the one row', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await favorite(t, customer.cookie, item.id);
    t.clock.advance(1000);
    expect((await favorite(t, customer.cookie, item.id)).statusCode).toBe(204);
    const rows = await favoriteRows(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_at.getTime()).toBe(t.clock.now().getTime() - 1000);
  });

  it.each(['reserved', 'sold'] as const)(
    'accepts a %s item (it is on the storefront)',
    async (status) => {
      const customer = await makeCustomer(t);
      const item = await makeItem(t.db, { status });
      expect((await favorite(t, customer.cookie, item.id)).statusCode).toBe(204);
    },
  );

  it.each([
    ['a pending item', async () => (await makeItem(t.db, { status: 'pending' })).id],
    ['an absent item', async () => 999_999],
  ])('refuses %s with 404 not_found and writes nothing', async (_case, itemId) => {
    const customer = await makeCustomer(t);
    const res = await favorite(t, customer.cookie, await itemId());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await favoriteRows(customer.id)).toEqual([]);
  });

  it('refuses a malformed id with 400 invalid_id', async () => {
    const customer = await makeCustomer(t);
    const res = await favorite(t, customer.cookie, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_id');
  });

  it('refuses a caller without a session, or a disabled one, with 401 and writes nothing', async () => {
    const item = await makeItem(t.db);
    const disabled = await makeCustomer(t, { disabled: true });
    for (const cookie of ['not-a-session', disabled.cookie]) {
      const res = await favorite(t, cookie, item.id);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('not_signed_in');
    }
    expect(await favoriteRows(disabled.id)).toEqual([]);
  });
});

describe('DELETE /api/customers/me/favorites/:item_id', () => {
  it('removes the favorite: 204, and only that one', async () => {
    const customer = await makeCustomer(t);
    const [a, b] = [await makeItem(t.db), await makeItem(t.db)];
    await favorite(t, customer.cookie, a.id);
    await favorite(t, customer.cookie, b.id);
    const res = await favorite(t, customer.cookie, a.id, 'DELETE');
    expect(res.statusCode).toBe(204);
    expect((await favoriteRows(customer.id)).map((row) => row.item_id)).toEqual([b.id]);
  });

  it('is idempotent: removing what is not a favorite is 204 and changes nothing', async () => {
    const customer = await makeCustomer(t);
    const other = await makeCustomer(t);
    const item = await makeItem(t.db);
    await favorite(t, other.cookie, item.id);
    expect((await favorite(t, customer.cookie, item.id, 'DELETE')).statusCode).toBe(204);
    expect((await favorite(t, customer.cookie, 999_999, 'DELETE')).statusCode).toBe(204);
    expect(await favoriteRows(other.id)).toHaveLength(1);
  });

  it('refuses a caller without a session with 401 and keeps the row', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await favorite(t, customer.cookie, item.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/me/favorites/${item.id}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
    expect(await favoriteRows(customer.id)).toHaveLength(1);
  });
});

describe('GET /api/customers/me/favorites', () => {
  it('lists the favorites as Items, newest favorite first, with images and tags', async () => {
    const customer = await makeCustomer(t);
    const tag = await makeTag(t.db);
    const first = await makeItem(t.db, { images: 2, tagIds: [tag.id] });
    const second = await makeItem(t.db, { status: 'sold' });
    await favorite(t, customer.cookie, first.id);
    t.clock.advance(1000);
    await favorite(t, customer.cookie, second.id);
    const res = await list(customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = res.json().items;
    expect(items.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(items[0].status).toBe('sold');
    expect(items[1].images).toHaveLength(2);
    expect(items[1].tags).toEqual([expect.objectContaining({ id: tag.id, slug: tag.slug })]);
    expect(Object.keys(items[1]).sort()).toEqual(
      [
        'category',
        'created_at',
        'description',
        'id',
        'images',
        'price_cents',
        'published_at',
        'sold_at',
        'status',
        'tags',
        'title',
        'weight_grams',
        'dimensions',
        'condition',
        'condition_note',
      ].sort(),
    );
  });

  it('hides a favorite whose item went pending, keeps the row, and shows it again once published', async () => {
    const customer = await makeCustomer(t);
    const item = await makeItem(t.db);
    await favorite(t, customer.cookie, item.id);
    await t.db.updateTable('items').set({ status: 'pending' }).where('id', '=', item.id).execute();
    expect((await list(customer.cookie)).json()).toEqual({ items: [] });
    expect(await favoriteRows(customer.id)).toHaveLength(1);
    await t.db
      .updateTable('items')
      .set({ status: 'available' })
      .where('id', '=', item.id)
      .execute();
    expect((await list(customer.cookie)).json().items.map((i: { id: number }) => i.id)).toEqual([
      item.id,
    ]);
    expect((await itemRow(t, item.id)).status).toBe('available');
  });

  it('lists only the caller’s own favorites', async () => {
    const [ann, bo] = [await makeCustomer(t), await makeCustomer(t)];
    const item = await makeItem(t.db);
    await favorite(t, bo.cookie, item.id);
    expect((await list(ann.cookie)).json()).toEqual({ items: [] });
  });

  it('refuses a caller without a session with 401 not_signed_in', async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});
