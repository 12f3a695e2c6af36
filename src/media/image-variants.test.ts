import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { makeItem } from '../../test/support/factories.js';
import { jpeg, multipart, png } from '../../test/support/images.js';
import { makeUploadLink, storedFiles } from '../../test/support/intake.js';
import { diskStorage, type MediaStorage } from './storage.js';
import { backfillVariants } from './variants.service.js';

let t: TestApp;
let mediaDir: string; // holds media/, as storedFiles expects
let storage: MediaStorage;
/** Runs before each put: to force a failure, or a change that lands while photos are stored. */
let beforePut: ((folder: string) => Promise<void>) | null = null;
let big: Buffer;
let medium: Buffer;
let small: Buffer;

beforeAll(async () => {
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-variants-'));
  const disk = diskStorage(path.join(mediaDir, 'media'));
  storage = {
    ...disk,
    async put(folder, extension, bytes) {
      await beforePut?.(folder);
      return disk.put(folder, extension, bytes);
    },
  };
  t = await buildTestApp({ env: ADMIN_ENV, deps: { mediaStorage: storage } });
  [big, medium, small] = await Promise.all([
    jpeg({ width: 2000, height: 1500 }),
    jpeg({ width: 700, height: 500 }),
    png(300, 200),
  ]);
}, 180_000);
afterAll(async () => {
  await t.close();
  await fs.rm(mediaDir, { recursive: true, force: true });
});
beforeEach(() => {
  beforePut = null;
});

let caller = 0;
const submit = (token: string, files: Array<[string, string, Buffer]>) => {
  const form = multipart(
    { note: 'Three lamps' },
    files.map(([filename, contentType, bytes]) => ({ filename, contentType, bytes })),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${token}/submissions`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress: `198.51.100.${++caller}`,
  });
};

/** The newest item as the public sees it, once published. */
async function publishedNewest() {
  const row = await t.db
    .selectFrom('items')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('items').set({ status: 'available' }).where('id', '=', row.id).execute();
  return (await t.app.inject({ method: 'GET', url: `/api/items/${row.id}` })).json();
}

async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return sharp(res.rawPayload).metadata();
}

describe('variants at intake', () => {
  it('stores 480, 960 and 1600 px WebP copies of a large photo, and keeps the original as url', async () => {
    const link = await makeUploadLink(t.db);
    const res = await submit(link.token, [['big.jpg', 'image/jpeg', big]]);
    expect(res.statusCode).toBe(201);
    const [image] = (await publishedNewest()).images;
    expect(image).toMatchObject({ width: 2000, height: 1500 });
    expect(image.url).toMatch(/^\/media\/items\/[0-9a-f]{32}\.jpg$/);
    expect(
      image.variants.map((v: { width: number; height: number }) => [v.width, v.height]),
    ).toEqual([
      [480, 360],
      [960, 720],
      [1600, 1200],
    ]);
    for (const variant of image.variants) {
      expect(variant.url).toMatch(/^\/media\/variants\/[0-9a-f]{32}\.webp$/);
      const meta = await served(variant.url);
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
    }
    expect((await served(image.url)).width).toBe(2000);
  });

  it('never upscales: a 700 px photo gets 480 only, a 300 px photo none', async () => {
    const link = await makeUploadLink(t.db);
    await submit(link.token, [
      ['medium.jpg', 'image/jpeg', medium],
      ['small.png', 'image/png', small],
    ]);
    const [mid, tiny] = (await publishedNewest()).images;
    expect(mid.variants.map((v: { width: number }) => v.width)).toEqual([480]);
    expect(tiny.variants).toEqual([]);
  });

  it('a submission refused after its photos were stored leaves no photo and no variant behind', async () => {
    const link = await makeUploadLink(t.db, { maxSubmissions: 1 });
    const filesBefore = await storedFiles(mediaDir);
    const before = await dbFingerprint(t.db);
    // The last slot is taken by someone else while this submission's variants are written.
    beforePut = async (folder) => {
      if (folder === 'variants')
        await t.db
          .updateTable('upload_links')
          .set({ submission_count: 1 })
          .where('id', '=', link.id)
          .execute();
    };
    const res = await submit(link.token, [
      ['big.jpg', 'image/jpeg', big],
      ['medium.jpg', 'image/jpeg', medium],
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('link_not_active');
    expect(await storedFiles(mediaDir)).toEqual(filesBefore);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('a store that fails while writing variants leaves no file and no row', async () => {
    const link = await makeUploadLink(t.db);
    const filesBefore = await storedFiles(mediaDir);
    const before = await dbFingerprint(t.db);
    let variantsWritten = 0;
    beforePut = async (folder) => {
      if (folder === 'variants' && ++variantsWritten === 4) throw new Error('disk full');
    };
    const res = await submit(link.token, [
      ['big.jpg', 'image/jpeg', big],
      ['big-again.jpg', 'image/jpeg', big],
    ]);
    expect(res.statusCode).toBe(500);
    expect(await storedFiles(mediaDir)).toEqual(filesBefore);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });
});

describe('npm run media:variants (the backfill)', () => {
  /** An image row as stored before variants existed, with its photo really on disk. */
  async function legacyImage(bytes: Buffer, width: number, height: number) {
    const item = await makeItem(t.db);
    const stored = await storage.put('items', 'jpg', bytes);
    return t.db
      .insertInto('item_images')
      .values({ item_id: item.id, path: stored, width, height })
      .returning(['id', 'item_id'])
      .executeTakeFirstOrThrow();
  }
  const variantsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('item_images')
        .select('variants')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).variants;

  it('fills what is missing, only that, and a second run does nothing', async () => {
    // Whatever earlier tests left is complete already; start from a known state all the same.
    await backfillVariants(t.db, storage);
    const large = await legacyImage(big, 2000, 1500);
    const tiny = await legacyImage(await jpeg({ width: 300, height: 200 }), 300, 200);
    const partial = await legacyImage(big, 2000, 1500);
    const kept = { width: 480, height: 360, path: 'variants/kept-by-an-earlier-run.webp' };
    await t.db
      .updateTable('item_images')
      .set({ variants: JSON.stringify([kept]) })
      .where('id', '=', partial.id)
      .execute();
    // A reader that saw the item before the backfill (the response reuse cache is warm).
    const cachedBefore = (
      await t.app.inject({ method: 'GET', url: `/api/items/${large.item_id}` })
    ).json();
    expect(cachedBefore.images[0].variants).toEqual([]);

    const report = await backfillVariants(t.db, storage, { batchSize: 2 });
    expect(report).toEqual({ filled: 2, files: 5, failed: [] });
    expect((await variantsOf(large.id)).map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(await variantsOf(tiny.id)).toEqual([]);
    const partialNow = await variantsOf(partial.id);
    expect(partialNow.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(partialNow[0]).toEqual(kept);

    // The storefront shows them at once: the write moved the catalogue version.
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/items/${large.item_id}` })
    ).json();
    expect(after.images[0].variants.map((v: { width: number }) => v.width)).toEqual([
      480, 960, 1600,
    ]);

    const files = await storedFiles(mediaDir);
    expect(await backfillVariants(t.db, storage)).toEqual({ filled: 0, files: 0, failed: [] });
    expect(await storedFiles(mediaDir)).toEqual(files);
  });

  it('reports a photo it cannot read and goes on with the rest', async () => {
    const item = await makeItem(t.db);
    const missing = await t.db
      .insertInto('item_images')
      .values({ item_id: item.id, path: 'items/gone.jpg', width: 1200, height: 900 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fine = await legacyImage(medium, 700, 500);
    const report = await backfillVariants(t.db, storage);
    expect(report.failed.map((f) => f.id)).toEqual([missing.id]);
    expect(report.filled).toBe(1);
    expect((await variantsOf(fine.id)).map((v) => v.width)).toEqual([480]);
    await t.db.deleteFrom('item_images').where('id', '=', missing.id).execute();
  });
});

describe('restoring an original', () => {
  it("replaces the cut-out's variants with the original's, and removes the cut-out's files", async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db);
    const original = await storage.put('items', 'jpg', big);
    const cutOut = await storage.put('items', 'png', await png(1200, 900));
    const [cutOutVariant] = await backfillVariantsOf(cutOut);
    const image = await t.db
      .insertInto('item_images')
      .values({
        item_id: item.id,
        path: cutOut,
        original_image_path: original,
        width: 2000,
        height: 1500,
        variants: JSON.stringify([cutOutVariant]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await admin(
      'POST',
      `/api/admin/items/${item.id}/images/${image.id}/restore-original`,
    );
    expect(res.statusCode).toBe(200);
    const restored = res.json().images[0];
    expect(restored.url).toBe(`/media/${original}`);
    expect(restored.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1600]);
    const files = await storedFiles(mediaDir);
    expect(files).not.toContain(cutOut);
    expect(files).not.toContain(cutOutVariant!.path);
    for (const variant of restored.variants)
      expect(files).toContain(variant.url.replace('/media/', ''));
  });

  /** One real variant file of a stored photo, as a cut-out step would have made. */
  async function backfillVariantsOf(stored: string) {
    const { storeVariants } = await import('./image-variants.js');
    return storeVariants(storage, await storage.read(stored), [480]);
  }
});
