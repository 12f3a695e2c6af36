import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, favorite, viewCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { itemRow, makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import { storedFiles } from '../../../test/support/intake.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: ADMIN_ENV.SHOP_ADMIN_EMAIL, password: ADMIN_ENV.SHOP_ADMIN_PASSWORD },
    remoteAddress: '192.0.2.202',
  });
  cookie = login.cookies.find((c) => c.name === 'shop_admin')!.value;
});
afterAll(() => t.close());

async function addPhotos(itemId: number, count: number): Promise<void> {
  const bytes = await jpeg({ width: 700, height: 500 });
  const form = multipart(
    {},
    Array.from({ length: count }, (_, i) => ({
      filename: `${i}.jpg`,
      contentType: 'image/jpeg',
      bytes,
    })),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/items/${itemId}/images`,
    payload: form.payload,
    headers: form.headers,
    cookies: { shop_admin: cookie },
  });
  expect(res.statusCode).toBe(201);
}

const countRows = async (itemId: number) => ({
  items: (await t.db.selectFrom('items').select('id').where('id', '=', itemId).execute()).length,
  images: (
    await t.db.selectFrom('item_images').select('id').where('item_id', '=', itemId).execute()
  ).length,
  drafts: (
    await t.db.selectFrom('item_drafts').select('id').where('item_id', '=', itemId).execute()
  ).length,
  favorites: (
    await t.db.selectFrom('favorites').select('item_id').where('item_id', '=', itemId).execute()
  ).length,
});

describe('DELETE /api/admin/items/:id', () => {
  it('deletes a pending submission with its photos, draft, tags and favorites; its files go (204)', async () => {
    const tag = await makeTag(t.db);
    const item = await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    await t.db.insertInto('item_drafts').values({ item_id: item.id, note: 'spam' }).execute();
    await addPhotos(item.id, 2);
    const files = await t.db
      .selectFrom('item_images')
      .select(['path', 'variants'])
      .where('item_id', '=', item.id)
      .execute();
    expect(files).toHaveLength(2);

    const res = await admin('DELETE', `/api/admin/items/${item.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await countRows(item.id)).toEqual({ items: 0, images: 0, drafts: 0, favorites: 0 });
    const left = await storedFiles(t.dataDir);
    for (const file of files) {
      expect(left).not.toContain(file.path);
      for (const variant of file.variants) expect(left).not.toContain(variant.path);
    }
    expect((await admin('GET', `/api/admin/items/${item.id}`)).statusCode).toBe(404);
  });

  it('deletes an available item that never sold; a customer’s favorite of it goes too', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    const customer = await makeCustomer(t);
    expect((await favorite(t, customer.cookie, item.id)).statusCode).toBe(204);
    const res = await admin('DELETE', `/api/admin/items/${item.id}`);
    expect(res.statusCode).toBe(204);
    expect(await countRows(item.id)).toEqual({ items: 0, images: 0, drafts: 0, favorites: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses a reserved item with 409 item_reserved and the reason; nothing is deleted', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    await addPhotos(item.id, 1);
    const customer = await makeCustomer(t);
    expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
    const before = { row: await itemRow(t, item.id), files: await storedFiles(t.dataDir) };

    const res = await admin('DELETE', `/api/admin/items/${item.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_reserved');
    expect(res.json().error.message).toMatch(/reserved/);
    expect(await itemRow(t, item.id)).toEqual(before.row);
    expect(await storedFiles(t.dataDir)).toEqual(before.files);
    expect((await countRows(item.id)).images).toBe(1);
  });

  it('refuses a sold item with 409 item_sold; nothing is deleted', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    await addPhotos(item.id, 1);
    expect((await admin('POST', `/api/admin/items/${item.id}/mark-sold`)).statusCode).toBe(200);
    const before = { row: await itemRow(t, item.id), files: await storedFiles(t.dataDir) };

    const res = await admin('DELETE', `/api/admin/items/${item.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'item_sold' });
    expect(await itemRow(t, item.id)).toEqual(before.row);
    expect(await storedFiles(t.dataDir)).toEqual(before.files);
  });

  it('answers 404 for an absent item, 400 invalid_id for a malformed one, 401 without a session', async () => {
    expect((await admin('DELETE', '/api/admin/items/999999')).json().error.code).toBe('not_found');
    expect((await admin('DELETE', '/api/admin/items/abc')).json().error.code).toBe('invalid_id');
    const item = await makeItem(t.db, { status: 'pending' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/items/${item.id}` });
    expect(res.statusCode).toBe(401);
    expect((await countRows(item.id)).items).toBe(1);
  });
});

describe('POST /api/admin/items/:id/release', () => {
  it('ends a customer’s hold: the item is available, their cart no longer shows it, caches move on', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    const customer = await makeCustomer(t);
    expect((await addToCart(t, customer.cookie, item.id)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    expect(page.json().status).toBe('reserved');

    const res = await admin('POST', `/api/admin/items/${item.id}/release`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, status: 'available' });
    expect(await itemRow(t, item.id)).toMatchObject({
      status: 'available',
      reserved_by: null,
      reserved_until: null,
    });
    expect((await viewCart(t, customer.cookie)).json()).toEqual({
      items: [],
      reserved_until: null,
    });
    // The storefront answers the new state, not a cached "reserved".
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/items/${item.id}`,
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('available');
  });

  it('refuses an item that is not reserved with 409 invalid_transition; nothing changes', async () => {
    for (const status of ['pending', 'available', 'sold'] as const) {
      const item = await makeItem(t.db, { status });
      const before = await itemRow(t, item.id);
      const res = await admin('POST', `/api/admin/items/${item.id}/release`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('invalid_transition');
      expect(res.json().error.message).toContain(status);
      expect(await itemRow(t, item.id)).toEqual(before);
    }
    expect((await admin('POST', '/api/admin/items/999999/release')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/items/:id/publish warnings', () => {
  it('publishes but warns of no photo, no category and the default price', async () => {
    const created = await admin('POST', '/api/admin/items', { title: 'Bare chair' });
    const id = created.json().id;
    expect(created.json().publish_warnings.map((w: { code: string }) => w.code)).toEqual([
      'no_photo',
      'no_category',
      'default_price',
    ]);
    const res = await admin('POST', `/api/admin/items/${id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('available');
    expect(res.json().warnings.map((w: { code: string }) => w.code)).toEqual([
      'no_photo',
      'no_category',
      'default_price',
    ]);
    expect(res.json().warnings[0].message).toEqual(expect.any(String));
    expect((await itemRow(t, id)).status).toBe('available');
  });

  it('warns of nothing when the item has a photo, a category and a set price', async () => {
    const category = await makeCategory(t.db);
    const item = await makeItem(t.db, {
      status: 'pending',
      categoryId: category.id,
      priceCents: 4500,
      images: 1,
    });
    const res = await admin('POST', `/api/admin/items/${item.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([]);
    expect(res.json().publish_warnings).toEqual([]);
  });
});
