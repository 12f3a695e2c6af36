import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../../test/support/build-test-app.js';
import { makeItem } from '../../../../test/support/factories.js';
import { type FilePart, gif, jpeg, multipart, png } from '../../../../test/support/images.js';
import { storedFiles } from '../../../../test/support/intake.js';

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
    remoteAddress: '192.0.2.201',
  });
  cookie = login.cookies.find((c) => c.name === 'shop_admin')!.value;
});
afterAll(() => t.close());

const photo = async (name = 'photo.jpg', width = 1000): Promise<FilePart> => ({
  filename: name,
  contentType: 'image/jpeg',
  bytes: await jpeg({ width, height: 750, gps: true }),
});

function send(method: 'POST' | 'PUT', url: string, files: FilePart[], signedIn = true) {
  const form = multipart({}, files);
  return t.app.inject({
    method,
    url,
    payload: form.payload,
    headers: form.headers,
    ...(signedIn ? { cookies: { shop_admin: cookie } } : {}),
  });
}

const imagesOf = (itemId: number) =>
  t.db
    .selectFrom('item_images')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('position')
    .orderBy('id')
    .execute();

async function handMadeItem(): Promise<number> {
  const res = await admin('POST', '/api/admin/items', { title: 'Hand-made stool' });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe('POST /api/admin/items/:id/images', () => {
  it('gives a hand-created item photos, re-encoded without EXIF, with list sizes', async () => {
    const id = await handMadeItem();
    const res = await send('POST', `/api/admin/items/${id}/images`, [
      await photo('front.jpg'),
      await photo('back.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item.id).toBe(id);
    expect(item.images).toHaveLength(2);
    expect(item.images.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    expect(item.images[0]).toMatchObject({ width: 1000, height: 750, has_original: false });
    expect(item.images[0].variants.map((v: { width: number }) => v.width)).toEqual([480, 960]);

    const rows = await imagesOf(id);
    const files = await storedFiles(t.dataDir);
    for (const row of rows) {
      expect(files).toContain(row.path);
      for (const variant of row.variants) expect(files).toContain(variant.path);
      const stored = await sharp(`${t.dataDir}/media/${row.path}`).metadata();
      expect(stored.exif).toBeUndefined();
    }
  });

  it('appends after the photos an item already has', async () => {
    const id = await handMadeItem();
    await send('POST', `/api/admin/items/${id}/images`, [await photo()]);
    const res = await send('POST', `/api/admin/items/${id}/images`, [
      { filename: 'b.png', contentType: 'image/png', bytes: await png(200, 100) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images.map((i: { position: number }) => i.position)).toEqual([0, 1]);
    expect(res.json().images[1]).toMatchObject({ width: 200, height: 100 });
  });

  it('refuses a file that is not a JPEG, PNG or WebP, naming it; nothing is stored', async () => {
    const id = await handMadeItem();
    const before = await storedFiles(t.dataDir);
    const res = await send('POST', `/api/admin/items/${id}/images`, [
      await photo('fine.jpg'),
      { filename: 'anim.gif', contentType: 'image/gif', bytes: await gif() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_image', field: 'photos' });
    expect(res.json().error.message).toContain('anim.gif');
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });

  it('refuses more than 6 photos in one request; nothing is stored', async () => {
    const id = await handMadeItem();
    const before = await storedFiles(t.dataDir);
    const small = await photo('s.jpg', 64);
    const res = await send('POST', `/api/admin/items/${id}/images`, Array(7).fill(small));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('too_many_files');
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });

  it('refuses a form without photos and fields other than photos', async () => {
    const id = await handMadeItem();
    const none = await send('POST', `/api/admin/items/${id}/images`, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('no_files');
    const form = multipart({ note: 'hi' }, [await photo()]);
    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/admin/items/${id}/images`,
      payload: form.payload,
      headers: form.headers,
      cookies: { shop_admin: cookie },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('invalid_body');
    expect(await imagesOf(id)).toEqual([]);
  });

  it('refuses photos past 12 per item with 409 too_many_photos; nothing is stored', async () => {
    const item = await makeItem(t.db, { status: 'pending', images: 11 });
    const before = await storedFiles(t.dataDir);
    const small = await photo('s.jpg', 64);
    const res = await send('POST', `/api/admin/items/${item.id}/images`, [small, small]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_photos');
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await imagesOf(item.id)).toHaveLength(11);
  });

  it('answers 404 for an item that does not exist, before storing anything', async () => {
    const before = await storedFiles(t.dataDir);
    const res = await send('POST', '/api/admin/items/999999/images', [await photo()]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await storedFiles(t.dataDir)).toEqual(before);
  });

  it('is for the admin only (401), and nothing is stored', async () => {
    const id = await handMadeItem();
    const before = await storedFiles(t.dataDir);
    const res = await send('POST', `/api/admin/items/${id}/images`, [await photo()], false);
    expect(res.statusCode).toBe(401);
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });
});

async function itemWithPhotos(count: number): Promise<{ id: number; imageIds: number[] }> {
  const id = await handMadeItem();
  const files = await Promise.all(Array.from({ length: count }, (_, i) => photo(`${i}.jpg`)));
  const res = await send('POST', `/api/admin/items/${id}/images`, files);
  expect(res.statusCode).toBe(201);
  return { id, imageIds: res.json().images.map((i: { id: number }) => i.id) };
}

describe('DELETE /api/admin/items/:id/images/:image_id', () => {
  it('removes the photo and its files (variants and original too); 204', async () => {
    const { id, imageIds } = await itemWithPhotos(2);
    const [gone] = await imagesOf(id);
    // As a cut-out leaves it: the photo shown, and the original kept beside it.
    await fs.writeFile(path.join(t.dataDir, 'media', 'items', 'kept-original.jpg'), 'x');
    await t.db
      .updateTable('item_images')
      .set({ original_image_path: 'items/kept-original.jpg' })
      .where('id', '=', gone!.id)
      .execute();
    const res = await admin('DELETE', `/api/admin/items/${id}/images/${imageIds[0]}`);
    expect(res.statusCode).toBe(204);
    const files = await storedFiles(t.dataDir);
    expect(files).not.toContain(gone!.path);
    expect(files).not.toContain('items/kept-original.jpg');
    for (const variant of gone!.variants) expect(files).not.toContain(variant.path);
    expect((await imagesOf(id)).map((row) => row.id)).toEqual([imageIds[1]]);
  });

  it('answers 404 for an image of another item, and removes nothing', async () => {
    const a = await itemWithPhotos(1);
    const b = await itemWithPhotos(1);
    const before = await storedFiles(t.dataDir);
    const res = await admin('DELETE', `/api/admin/items/${a.id}/images/${b.imageIds[0]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await storedFiles(t.dataDir)).toEqual(before);
    expect(await imagesOf(b.id)).toHaveLength(1);
  });
});

describe('PUT /api/admin/items/:id/images/order', () => {
  const reorder = (id: number, imageIds: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/items/${id}/images/order`,
      payload: { image_ids: imageIds },
      cookies: { shop_admin: cookie },
    });

  it('puts the photos in the given order', async () => {
    const { id, imageIds } = await itemWithPhotos(3);
    const wanted = [imageIds[2], imageIds[0], imageIds[1]];
    const res = await reorder(id, wanted);
    expect(res.statusCode).toBe(200);
    expect(res.json().images.map((i: { id: number }) => i.id)).toEqual(wanted);
    expect((await imagesOf(id)).map((row) => [row.id, row.position])).toEqual([
      [imageIds[2], 0],
      [imageIds[0], 1],
      [imageIds[1], 2],
    ]);
  });

  it('refuses a list that leaves out, repeats or adds a photo; the order is unchanged', async () => {
    const { id, imageIds } = await itemWithPhotos(2);
    const other = await itemWithPhotos(1);
    for (const bad of [
      [imageIds[1]],
      [imageIds[1], imageIds[1]],
      [...imageIds, other.imageIds[0]],
    ]) {
      const res = await reorder(id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/^invalid_body$/);
    }
    expect((await imagesOf(id)).map((row) => row.id)).toEqual(imageIds);
  });
});

describe('PUT /api/admin/items/:id/images/:image_id', () => {
  it('puts a new photo in the same place; the old file, its original and variants go', async () => {
    const { id, imageIds } = await itemWithPhotos(2);
    const [old] = await imagesOf(id);
    await fs.writeFile(path.join(t.dataDir, 'media', 'items', 'original-of-old.jpg'), 'x');
    await t.db
      .updateTable('item_images')
      .set({ original_image_path: 'items/original-of-old.jpg' })
      .where('id', '=', old!.id)
      .execute();
    const res = await send('PUT', `/api/admin/items/${id}/images/${imageIds[0]}`, [
      { filename: 'new.png', contentType: 'image/png', bytes: await png(600, 400) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toMatchObject({
      id: imageIds[0],
      position: 0,
      width: 600,
      height: 400,
      has_original: false,
    });
    const [now] = await imagesOf(id);
    const files = await storedFiles(t.dataDir);
    expect(now!.path).not.toBe(old!.path);
    expect(files).toContain(now!.path);
    expect(files).not.toContain(old!.path);
    expect(files).not.toContain('items/original-of-old.jpg');
    for (const variant of old!.variants) expect(files).not.toContain(variant.path);
  });

  it('takes exactly one photo, and refuses an image of another item; nothing changes', async () => {
    const { id, imageIds } = await itemWithPhotos(1);
    const other = await itemWithPhotos(1);
    const before = await storedFiles(t.dataDir);
    const two = await send('PUT', `/api/admin/items/${id}/images/${imageIds[0]}`, [
      await photo(),
      await photo(),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.code).toBe('too_many_files');
    const foreign = await send('PUT', `/api/admin/items/${id}/images/${other.imageIds[0]}`, [
      await photo(),
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(await storedFiles(t.dataDir)).toEqual(before);
  });
});
