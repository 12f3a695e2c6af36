import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { imageRows, submitPhotos } from '../../../test/support/drafting.js';
import { keyChanges, storedNamesOfItem } from '../../../test/support/item-files.js';
import { discOnPlainBackground } from '../../../test/support/product-photos.js';
import type { TestS3Server } from '../../../test/support/s3-server.js';
import { type S3TestApp, s3TestApp } from '../../../test/support/s3-test-app.js';
import { backfillVariants } from '../variants.service.js';

/**
 * The writers besides the admin's photo routes, with MEDIA_STORE=s3: the drafting
 * worker's cut-out, restoring the original, deleting an item and the variants
 * backfill each write and drop exactly their objects in the bucket.
 */
let setup: S3TestApp;
let s3: TestS3Server;
let t: TestApp;
let admin: S3TestApp['admin'];
let disc: Buffer;
beforeAll(async () => {
  setup = await s3TestApp();
  ({ s3, t, admin } = setup);
  // The cut-out test photo, wide enough for list sizes (they are objects too).
  disc = await sharp(await discOnPlainBackground())
    .resize({ width: 1000 })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(() => setup?.close());

const pathsOf = (variants: Array<{ path: string }>) => variants.map((v) => v.path).sort();
const filesOf = (image: { path: string; variants: Array<{ path: string }> }) =>
  [image.path, ...pathsOf(image.variants)].sort();

/** A submitted photo, cut out by the drafting worker. */
async function cutOutSubmission() {
  const { status, itemId } = await submitPhotos(t, [disc]);
  expect(status).toBe(201);
  const [before] = await imageRows(t, itemId);
  const keys = await s3.keys();
  await t.app.jobs.drain();
  const [after] = await imageRows(t, itemId);
  return { itemId, before: before!, after: after!, keys };
}

describe('photo writers on S3 (MEDIA_STORE=s3)', () => {
  it('the cut-out goes to the bucket beside the original; the original’s list sizes give way to its own', async () => {
    const { before, after, keys } = await cutOutSubmission();
    expect(after.original_image_path).toBe(before.path);
    expect(after.path).not.toBe(before.path);
    expect(after.variants.length).toBeGreaterThan(0);
    expect(keyChanges(keys, await s3.keys())).toEqual({
      added: filesOf(after),
      removed: pathsOf(before.variants),
    });
    const cutOut = await t.app.inject({ method: 'GET', url: `/media/${after.path}` });
    expect(cutOut.statusCode).toBe(200);
  });

  it('restoring the original removes the cut-out and its list sizes and writes the original’s', async () => {
    const { itemId, after: cut } = await cutOutSubmission();
    const keys = await s3.keys();
    const res = await admin('POST', `/api/admin/items/${itemId}/images/${cut.id}/restore-original`);
    expect(res.statusCode).toBe(200);
    const [restored] = await imageRows(t, itemId);
    expect(restored!.path).toBe(cut.original_image_path);
    expect(restored!.original_image_path).toBeNull();
    expect(keyChanges(keys, await s3.keys())).toEqual({
      added: pathsOf(restored!.variants),
      removed: filesOf(cut),
    });
  });

  it('deleting an item removes every object of its photos: cut-out, original, list sizes', async () => {
    const { itemId } = await cutOutSubmission();
    const names = await storedNamesOfItem(t.db, itemId);
    expect(names.length).toBeGreaterThan(2);
    const keys = await s3.keys();
    const res = await admin('DELETE', `/api/admin/items/${itemId}`);
    expect(res.statusCode).toBe(204);
    expect(keyChanges(keys, await s3.keys())).toEqual({ added: [], removed: names });
  });

  it('a refused delete (a sold item) removes no object and no row', async () => {
    const { itemId } = await cutOutSubmission();
    expect((await admin('POST', `/api/admin/items/${itemId}/mark-sold`)).statusCode).toBe(200);
    const keys = await s3.keys();
    const rows = await dbFingerprint(t.db);
    const res = await admin('DELETE', `/api/admin/items/${itemId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('item_sold');
    expect(await s3.keys()).toEqual(keys);
    expect(await dbFingerprint(t.db)).toEqual(rows);
  });

  it('npm run media:variants writes the missing list sizes to the bucket', async () => {
    const { status, itemId } = await submitPhotos(t, [disc], { removeBackground: false });
    expect(status).toBe(201);
    await t.app.jobs.drain();
    const [image] = await imageRows(t, itemId);
    // An image stored before list sizes existed: its variants are not recorded.
    await t.db
      .updateTable('item_images')
      .set({ variants: '[]' })
      .where('id', '=', image!.id)
      .execute();
    const keys = await s3.keys();
    const report = await backfillVariants(t.db, s3.storage());
    expect(report.failed).toEqual([]);
    const [filled] = await imageRows(t, itemId);
    expect(filled!.variants.map((variant) => variant.width)).toEqual(
      image!.variants.map((variant) => variant.width),
    );
    expect(keyChanges(keys, await s3.keys())).toEqual({
      added: pathsOf(filled!.variants),
      removed: [],
    });
  });

  it('a cut-out the database refuses to record leaves no object', async () => {
    const { status, itemId } = await submitPhotos(t, [disc]);
    expect(status).toBe(201);
    const [before] = await imageRows(t, itemId);
    const keys = await s3.keys();
    await sql`CREATE FUNCTION refuse_cutout() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_cutout BEFORE UPDATE ON item_images
      FOR EACH ROW EXECUTE FUNCTION refuse_cutout()`.execute(t.db);
    try {
      await t.app.jobs.drain();
    } finally {
      await sql`DROP TRIGGER refuse_cutout ON item_images`.execute(t.db);
      await sql`DROP FUNCTION refuse_cutout()`.execute(t.db);
    }
    expect(await imageRows(t, itemId)).toEqual([before]);
    expect(await s3.keys()).toEqual(keys);
  });
});
