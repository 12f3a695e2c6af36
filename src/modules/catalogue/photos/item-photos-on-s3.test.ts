import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUpload } from '../../../../test/support/admin.js';
import type { TestApp } from '../../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../../test/support/db-fingerprint.js';
import { makeItem } from '../../../../test/support/factories.js';
import { type FilePart, jpeg } from '../../../../test/support/images.js';
import { keyChanges, storedNamesOfItem } from '../../../../test/support/item-files.js';
import { currentDatabaseUrl, raceOnRow } from '../../../../test/support/row-lock-barrier.js';
import type { TestS3Server } from '../../../../test/support/s3-server.js';
import { type S3TestApp, s3TestApp } from '../../../../test/support/s3-test-app.js';

/**
 * The admin's photo routes with MEDIA_STORE=s3: every file they write or drop is
 * an object in the bucket, and a request refused after its photos were stored
 * leaves none behind.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let setup: S3TestApp;
let s3: TestS3Server;
let t: TestApp;
let admin: S3TestApp['admin'];
let cookie: string;
let wide: FilePart;
beforeAll(async () => {
  setup = await s3TestApp();
  ({ s3, t, admin, adminCookie: cookie } = setup);
  // Wide enough for two list sizes: variants are objects too.
  wide = {
    filename: 'front.jpg',
    contentType: 'image/jpeg',
    bytes: await jpeg({ width: 1000, height: 750 }),
  };
}, 120_000);
afterAll(() => setup?.close());

const send = (method: 'POST' | 'PUT', url: string, files: FilePart[]) =>
  adminUpload(t.app, cookie, method, url, files);

const imagesOf = (itemId: number) =>
  t.db
    .selectFrom('item_images')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** A hand-made item with `count` photos added through the route. */
async function itemWithPhotos(count: number): Promise<number> {
  const created = await admin('POST', '/api/admin/items', { title: 'Walnut box' });
  const id: number = created.json().id;
  const res = await send('POST', `/api/admin/items/${id}/images`, Array(count).fill(wide));
  expect(res.statusCode).toBe(201);
  return id;
}

describe('admin photos on S3 (MEDIA_STORE=s3)', () => {
  it('adding photos writes each photo and its list sizes to the bucket, nothing else', async () => {
    const id = (await admin('POST', '/api/admin/items', { title: 'Oak stool' })).json().id;
    const before = await s3.keys();
    const res = await send('POST', `/api/admin/items/${id}/images`, [wide, wide]);
    expect(res.statusCode).toBe(201);
    const referenced = await storedNamesOfItem(t.db, id);
    expect(referenced).toHaveLength(2 * 3);
    expect(keyChanges(before, await s3.keys())).toEqual({ added: referenced, removed: [] });
    // And /media/* serves each of them from the bucket.
    for (const name of referenced)
      expect((await t.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(200);
  });

  it('replacing a photo writes the new one and removes the old photo and its list sizes', async () => {
    const id = await itemWithPhotos(2);
    const [first, second] = await imagesOf(id);
    const oldFiles = [first!.path, ...first!.variants.map((v) => v.path)].sort();
    const before = await s3.keys();
    const res = await send('PUT', `/api/admin/items/${id}/images/${first!.id}`, [wide]);
    expect(res.statusCode).toBe(200);
    const [replaced, kept] = await imagesOf(id);
    expect(replaced!.id).toBe(first!.id);
    expect(kept).toEqual(second);
    const newFiles = [replaced!.path, ...replaced!.variants.map((v) => v.path)].sort();
    expect(keyChanges(before, await s3.keys())).toEqual({ added: newFiles, removed: oldFiles });
  });

  it('removing a photo removes its objects and no other', async () => {
    const id = await itemWithPhotos(2);
    const [gone] = await imagesOf(id);
    const before = await s3.keys();
    const res = await admin('DELETE', `/api/admin/items/${id}/images/${gone!.id}`);
    expect(res.statusCode).toBe(204);
    expect(keyChanges(before, await s3.keys())).toEqual({
      added: [],
      removed: [gone!.path, ...gone!.variants.map((v) => v.path)].sort(),
    });
  });

  it('reordering photos writes and removes no object', async () => {
    const id = await itemWithPhotos(2);
    const [a, b] = await imagesOf(id);
    const before = await s3.keys();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/items/${id}/images/order`,
      payload: { image_ids: [b!.id, a!.id] },
      cookies: { shop_admin: cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await imagesOf(id)).map((image) => image.id)).toEqual([b!.id, a!.id]);
    expect(await s3.keys()).toEqual(before);
  });
});

describe('admin photos on S3: a refusal after the photos were stored leaves no object', () => {
  it('409 too_many_photos (decided in the transaction) removes the photos it had stored', async () => {
    const item = await makeItem(t.db, { status: 'pending', images: 11 });
    const keys = await s3.keys();
    const rows = await dbFingerprint(t.db);
    const res = await send('POST', `/api/admin/items/${item.id}/images`, [wide, wide]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_photos');
    expect(await s3.keys()).toEqual(keys);
    expect(await dbFingerprint(t.db)).toEqual(rows);
  });

  it('404 for a replaced image of another item removes the photo it had stored', async () => {
    const id = await itemWithPhotos(1);
    const otherId = await itemWithPhotos(1);
    const [foreign] = await imagesOf(otherId);
    const keys = await s3.keys();
    const images = await imagesOf(id);
    const res = await send('PUT', `/api/admin/items/${id}/images/${foreign!.id}`, [wide]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await s3.keys()).toEqual(keys);
    expect(await imagesOf(id)).toEqual(images);
    expect(await imagesOf(otherId)).toEqual([foreign]);
  });

  it('a transaction that fails on the database (500) removes what add and replace stored', async () => {
    const id = await itemWithPhotos(1);
    const [image] = await imagesOf(id);
    await sql`CREATE FUNCTION refuse_photo_write() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_photo_write BEFORE INSERT OR UPDATE ON item_images
      FOR EACH ROW EXECUTE FUNCTION refuse_photo_write()`.execute(t.db);
    try {
      const keys = await s3.keys();
      const rows = await dbFingerprint(t.db);
      const added = await send('POST', `/api/admin/items/${id}/images`, [wide]);
      expect(added.statusCode).toBe(500);
      expect(added.json().error.code).toBe('internal_error');
      const replaced = await send('PUT', `/api/admin/items/${id}/images/${image!.id}`, [wide]);
      expect(replaced.statusCode).toBe(500);
      expect(await s3.keys()).toEqual(keys);
      expect(await dbFingerprint(t.db)).toEqual(rows);
      expect(await imagesOf(id)).toEqual([image]);
    } finally {
      await sql`DROP TRIGGER refuse_photo_write ON item_images`.execute(t.db);
      await sql`DROP FUNCTION refuse_photo_write()`.execute(t.db);
    }
  });

  it.runIf(onPostgres)(
    'an item deleted while its photos were being stored: 404, and the photos go again',
    async () => {
      const id = await itemWithPhotos(1);
      const keys = await s3.keys();
      // The barrier deletes the item and holds that lock; the upload, stored already,
      // queues on the item lock and finds no item once the delete commits.
      const [res] = await raceOnRow(
        await currentDatabaseUrl(t.db),
        { text: 'DELETE FROM items WHERE id = $1', values: [id] },
        '%for update%',
        1,
        () => [send('POST', `/api/admin/items/${id}/images`, [wide])],
      );
      expect(res!.statusCode).toBe(404);
      expect(res!.json().error.code).toBe('not_found');
      // (The barrier deleted rows, not objects: the item's first photo stays until the sweep.)
      expect(await s3.keys()).toEqual(keys);
      expect(await imagesOf(id)).toEqual([]);
    },
    60_000,
  );
});
