import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { itemRow, makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import type { ItemStatus } from '../../db/schema.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const row = (id: number) => itemRow(t, id);

describe('GET /api/admin/items', () => {
  it('lists pending items too, and accepts status=pending (spec 4.2 rule 9)', async () => {
    const pending = await makeItem(t.db, { status: 'pending', title: 'Admin-only lamp' });
    const all = await admin('GET', '/api/admin/items?q=admin-only');
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((i: { id: number }) => i.id)).toEqual([pending.id]);
    const onlyPending = await admin('GET', '/api/admin/items?status=pending&limit=100');
    expect(onlyPending.statusCode).toBe(200);
    expect(onlyPending.json().items.every((i: { status: string }) => i.status === 'pending')).toBe(
      true,
    );
  });

  it('shows what admin views add: price_source, the intake draft, has_original per image (contract)', async () => {
    const item = await makeItem(t.db, { status: 'pending', title: 'Drafted vase', images: 2 });
    const [first] = await t.db
      .selectFrom('item_images')
      .select('id')
      .where('item_id', '=', item.id)
      .orderBy('position')
      .execute();
    await t.db
      .updateTable('item_images')
      .set({ original_image_path: 'items/original.jpg' })
      .where('id', '=', first!.id)
      .execute();
    await t.db
      .insertInto('item_drafts')
      .values({ item_id: item.id, note: 'Blue glass', remove_background: false })
      .execute();
    const listed = (await admin('GET', '/api/admin/items?q=drafted')).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: item.id,
      price_source: 'default',
      draft: { note: 'Blue glass', state: 'queued', remove_background: false },
      images: [{ has_original: true }, { has_original: false }],
    });
    expect(listed[0].draft.created_at).toEqual(expect.any(String));
  });

  it('refuses malformed filters with the same 400s as the storefront', async () => {
    const res = await admin('GET', '/api/admin/items?min_price=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', field: 'min_price' });
  });
});

describe('GET /api/admin/items/:id', () => {
  it('adds price_source, the draft and has_original per image', async () => {
    const item = await makeItem(t.db, { status: 'pending', images: 2 });
    await t.db
      .insertInto('item_drafts')
      .values({ item_id: item.id, note: 'From the attic', state: 'queued' })
      .execute();
    await t.db
      .updateTable('item_images')
      .set({ original_image_path: 'items/original.jpg' })
      .where('item_id', '=', item.id)
      .where('position', '=', 1)
      .execute();
    const res = await admin('GET', `/api/admin/items/${item.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: item.id,
      status: 'pending',
      price_source: 'default',
      price_cents: 8000,
    });
    expect(body.draft).toEqual({
      note: 'From the attic',
      state: 'queued',
      remove_background: true,
      created_at: expect.stringMatching(/Z$/),
      link: null,
    });
    expect(body.images.map((image: { has_original: boolean }) => image.has_original)).toEqual([
      false,
      true,
    ]);
  });

  it('answers draft null for an item made by hand, and 404 for an absent one', async () => {
    const item = await makeItem(t.db);
    expect((await admin('GET', `/api/admin/items/${item.id}`)).json().draft).toBeNull();
    expect((await admin('GET', '/api/admin/items/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/items (create by hand)', () => {
  it('creates a pending item at the 8000 default price', async () => {
    const res = await admin('POST', '/api/admin/items', { title: 'Oak stool' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Oak stool',
      status: 'pending',
      price_cents: 8000,
      price_source: 'default',
      draft: null,
    });
  });

  it('takes a price as a manual price, with category and tags', async () => {
    const category = await makeCategory(t.db);
    const tag = await makeTag(t.db);
    const res = await admin('POST', '/api/admin/items', {
      title: 'Teak tray',
      price_cents: 4500,
      category_id: category.id,
      tag_ids: [tag.id],
    });
    expect(res.json()).toMatchObject({
      price_cents: 4500,
      price_source: 'manual',
      category: { id: category.id },
      tags: [{ id: tag.id }],
    });
  });

  it.each([
    [{ title: 'x', category_id: 999999 }, 'category_id', 'invalid_body'],
    [{ title: 'x', tag_ids: [999999] }, 'tag_ids', 'invalid_body'],
    [{ title: '' }, 'title', 'title_required'],
    [{ title: 'x', price_cents: -5 }, 'price_cents', 'invalid_body'],
    [{ title: 'x', status: 'available' }, 'status', 'invalid_body'],
  ])('refuses %j with 400 naming %s and creates nothing', async (payload, field, code) => {
    const before = await t.db.selectFrom('items').select('id').execute();
    const res = await admin('POST', '/api/admin/items', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, field });
    expect(await t.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });
});

describe('PATCH /api/admin/items/:id', () => {
  it('a person setting the price makes price_source manual', async () => {
    const item = await makeItem(t.db, { status: 'pending' });
    const res = await admin('PATCH', `/api/admin/items/${item.id}`, { price_cents: 12_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price_cents: 12_000, price_source: 'manual' });
  });

  it('edits title, description, category and replaces the tags', async () => {
    const [a, b] = [await makeTag(t.db), await makeTag(t.db)];
    const item = await makeItem(t.db, {
      tagIds: [a.id],
      categoryId: (await makeCategory(t.db)).id,
    });
    const res = await admin('PATCH', `/api/admin/items/${item.id}`, {
      title: 'Renamed',
      description: 'New words',
      category_id: null,
      tag_ids: [b.id],
    });
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      description: 'New words',
      category: null,
      tags: [{ id: b.id }],
    });
    expect((await row(item.id)).price_source).toBe('default');
  });

  it('refuses an empty edit, an unknown field and an unknown tag, changing nothing', async () => {
    const item = await makeItem(t.db, { title: 'Unchanged' });
    for (const payload of [{}, { colour: 'red' }, { title: 'Changed', tag_ids: [999999] }]) {
      expect((await admin('PATCH', `/api/admin/items/${item.id}`, payload)).statusCode).toBe(400);
    }
    expect((await row(item.id)).title).toBe('Unchanged');
  });

  it('answers 404 for an absent item', async () => {
    expect((await admin('PATCH', '/api/admin/items/999999', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('item status transitions (spec 3)', () => {
  it('publish: pending → available, and the item appears on the storefront', async () => {
    const item = await makeItem(t.db, { status: 'pending' });
    const res = await admin('POST', `/api/admin/items/${item.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('available');
    expect(res.json().published_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(
      200,
    );
  });

  it('unpublish: available → pending, and the item leaves the storefront', async () => {
    const item = await makeItem(t.db, { status: 'available' });
    const res = await admin('POST', `/api/admin/items/${item.id}/unpublish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(
      404,
    );
  });

  it('unpublish of an item whose hold ran out (not yet swept) succeeds and drops the hold', async () => {
    const holder = await t.db
      .insertInto('customers')
      .values({ email: 'holder@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await makeItem(t.db, { status: 'reserved' });
    const expired = new Date(t.clock.now().getTime() - 60_000);
    await t.db
      .updateTable('items')
      .set({ reserved_by: holder.id, reserved_until: expired })
      .where('id', '=', item.id)
      .execute();
    const res = await admin('POST', `/api/admin/items/${item.id}/unpublish`);
    expect(res.statusCode).toBe(200);
    expect(await row(item.id)).toMatchObject({
      status: 'pending',
      reserved_by: null,
      reserved_until: null,
    });
  });

  it('unpublish of a pending item is a harmless no-op', async () => {
    const item = await makeItem(t.db, { status: 'pending' });
    const res = await admin('POST', `/api/admin/items/${item.id}/unpublish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
  });

  it.each(['pending', 'available', 'reserved'] as ItemStatus[])(
    'mark sold: %s → sold',
    async (status) => {
      const item = await makeItem(t.db, { status });
      const res = await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('sold');
      expect(res.json().sold_at).not.toBeNull();
      const after = await row(item.id);
      expect(after).toMatchObject({
        status: 'sold',
        reserved_by: null,
        reserved_until: null,
        sold_to: null,
      });
    },
  );

  it.each([
    ['publish', 'available', 'invalid_transition', /pending/],
    ['publish', 'reserved', 'invalid_transition', /reserved/],
    ['publish', 'sold', 'invalid_transition', /sold/],
    ['unpublish', 'reserved', 'item_reserved', /reserved/],
    ['unpublish', 'sold', 'item_sold', /sold/],
    ['mark-sold', 'sold', 'item_sold', /already sold/],
  ] as const)(
    '%s of a %s item is refused with 409 %s naming the reason, and the row is unchanged',
    async (action, status, code, reason) => {
      const item = await makeItem(t.db, { status });
      const before = await row(item.id);
      const res = await admin('POST', `/api/admin/items/${item.id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(reason);
      expect(await row(item.id)).toEqual(before);
    },
  );

  it.each(['publish', 'unpublish', 'mark-sold'])('%s of an absent item is 404', async (action) => {
    expect((await admin('POST', `/api/admin/items/999999/${action}`)).statusCode).toBe(404);
  });

  it('mark sold is announced through the sale hook checkout shares, with no buyer', async () => {
    const item = await makeItem(t.db);
    t.logs.clear();
    await admin('POST', `/api/admin/items/${item.id}/mark-sold`);
    const announced = t.logs.entries().find((entry) => entry.msg === 'items sold');
    expect(announced?.sale).toEqual({ items: [item.id], buyer: null });
  });
});

describe('POST /api/admin/items/:id/images/:image_id/restore-original', () => {
  it('puts the original back and removes the cut-out file', async () => {
    const item = await makeItem(t.db, { status: 'pending', images: 1 });
    const image = await t.db
      .selectFrom('item_images')
      .selectAll()
      .where('item_id', '=', item.id)
      .executeTakeFirstOrThrow();
    const media = path.join(t.dataDir, 'media');
    await fs.mkdir(path.join(media, 'test'), { recursive: true });
    await fs.writeFile(path.join(media, image.path), 'cut-out');
    await t.db
      .updateTable('item_images')
      .set({ original_image_path: 'test/original.jpg' })
      .where('id', '=', image.id)
      .execute();

    const res = await admin(
      'POST',
      `/api/admin/items/${item.id}/images/${image.id}/restore-original`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toMatchObject({
      url: '/media/test/original.jpg',
      has_original: false,
    });
    await expect(fs.stat(path.join(media, image.path))).rejects.toThrow();
  });

  it('refuses an image without an original with 409 no_original, and another item’s image with 404', async () => {
    const item = await makeItem(t.db, { images: 1 });
    const other = await makeItem(t.db);
    const image = await t.db
      .selectFrom('item_images')
      .selectAll()
      .where('item_id', '=', item.id)
      .executeTakeFirstOrThrow();
    const res = await admin(
      'POST',
      `/api/admin/items/${item.id}/images/${image.id}/restore-original`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_original');
    expect(
      (await admin('POST', `/api/admin/items/${other.id}/images/${image.id}/restore-original`))
        .statusCode,
    ).toBe(404);
  });
});
