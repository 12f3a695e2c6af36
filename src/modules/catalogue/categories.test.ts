import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem } from '../../../test/support/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const row = (id: number) =>
  t.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /api/admin/categories', () => {
  it('creates a category with a slug made from the name', async () => {
    const res = await admin('POST', '/api/admin/categories', { name: 'Garden Furniture' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Garden Furniture',
      slug: 'garden-furniture',
      parent_id: null,
    });
  });

  it('keeps generated slugs unique: the same name again gets -2', async () => {
    await admin('POST', '/api/admin/categories', { name: 'Lamps' });
    const second = await admin('POST', '/api/admin/categories', { name: 'Lamps' });
    expect(second.json().slug).toBe('lamps-2');
  });

  it('refuses a given slug that is taken with 409 slug_taken', async () => {
    await admin('POST', '/api/admin/categories', { name: 'Rugs', slug: 'rugs' });
    const res = await admin('POST', '/api/admin/categories', { name: 'Carpets', slug: 'rugs' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('slug_taken');
  });

  it('files a category under a parent, and refuses an unknown parent with 400', async () => {
    const parent = await makeCategory(t.db);
    const child = await admin('POST', '/api/admin/categories', {
      name: 'Child',
      parent_id: parent.id,
    });
    expect(child.json().parent_id).toBe(parent.id);
    const orphan = await admin('POST', '/api/admin/categories', {
      name: 'Orphan',
      parent_id: 999999,
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.field).toBe('parent_id');
  });

  it.each([{ name: '' }, { name: 'x', slug: 'Not A Slug' }, { name: 'x', position: 1 }])(
    'refuses %j with 400',
    async (payload) => {
      expect((await admin('POST', '/api/admin/categories', payload)).statusCode).toBe(400);
    },
  );
});

describe('GET /api/admin/categories', () => {
  it('returns the tree', async () => {
    const root = await makeCategory(t.db, { name: 'Tree root' });
    await makeCategory(t.db, { name: 'Tree leaf', parentId: root.id });
    const { categories } = (await admin('GET', '/api/admin/categories')).json();
    const found = categories.find((c: { id: number }) => c.id === root.id);
    expect(found.children.map((c: { name: string }) => c.name)).toEqual(['Tree leaf']);
  });
});

describe('PATCH /api/admin/categories/:id', () => {
  it('renames and moves', async () => {
    const a = await makeCategory(t.db);
    const b = await makeCategory(t.db);
    const res = await admin('PATCH', `/api/admin/categories/${a.id}`, {
      name: 'Renamed',
      parent_id: b.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: 'Renamed', parent_id: b.id });
    expect(
      (await admin('PATCH', `/api/admin/categories/${a.id}`, { parent_id: null })).json().parent_id,
    ).toBeNull();
  });

  it('refuses a parent that is the category itself (depth 1) with 409 category_cycle, changing nothing', async () => {
    const a = await makeCategory(t.db);
    const res = await admin('PATCH', `/api/admin/categories/${a.id}`, {
      parent_id: a.id,
      name: 'Should not stick',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('category_cycle');
    expect(await row(a.id)).toMatchObject({ parent_id: null, name: a.name });
  });

  it('refuses a parent three levels beneath (depth 3) with 409 category_cycle', async () => {
    const top = await makeCategory(t.db);
    const one = await makeCategory(t.db, { parentId: top.id });
    const two = await makeCategory(t.db, { parentId: one.id });
    const three = await makeCategory(t.db, { parentId: two.id });
    const res = await admin('PATCH', `/api/admin/categories/${top.id}`, { parent_id: three.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('category_cycle');
    expect((await row(top.id))?.parent_id).toBeNull();
  });

  it('answers 404 for an absent category', async () => {
    expect((await admin('PATCH', '/api/admin/categories/999999', { name: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  it('deletes an empty category', async () => {
    const a = await makeCategory(t.db);
    expect((await admin('DELETE', `/api/admin/categories/${a.id}`)).statusCode).toBe(204);
    expect(await row(a.id)).toBeUndefined();
  });

  it('refuses while it has subcategories, with 409 category_in_use', async () => {
    const parent = await makeCategory(t.db);
    await makeCategory(t.db, { parentId: parent.id });
    const res = await admin('DELETE', `/api/admin/categories/${parent.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('category_in_use');
    expect(await row(parent.id)).toBeDefined();
  });

  it('refuses while items are filed under it, with 409 category_in_use', async () => {
    const category = await makeCategory(t.db);
    await makeItem(t.db, { categoryId: category.id });
    expect((await admin('DELETE', `/api/admin/categories/${category.id}`)).statusCode).toBe(409);
    expect(await row(category.id)).toBeDefined();
  });

  it('answers 404 for an absent category', async () => {
    expect((await admin('DELETE', '/api/admin/categories/999999')).statusCode).toBe(404);
  });
});
