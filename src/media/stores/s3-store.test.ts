import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/context.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import { makeUploadLink } from '../../../test/support/intake.js';
import { startS3Server, type TestS3Server } from '../../../test/support/s3-server.js';
import { enqueue } from '../../jobs/job-queue.js';
import { diskStorage } from '../storage.js';
import { copyDiskStoreToBucket } from './media-migrate.js';
import { MEDIA_SWEEP_GRACE_MS, MEDIA_SWEEP_KIND } from './media-sweep.js';

let s3: TestS3Server;
let t: TestApp;
let cdn: App;
let photo: Buffer;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp({ env: s3.env, deps: { mediaStorage: s3.storage() } });
  // A second instance whose image URLs point straight at the bucket (MEDIA_PUBLIC_BASE_URL).
  cdn = await t.sibling({ MEDIA_PUBLIC_BASE_URL: `${s3.endpoint}/${s3.bucket}/` });
  // Wide enough for list-size variants: those are objects too.
  photo = await jpeg({ width: 1000, height: 750 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
});

let caller = 0;
async function submitPhoto(token: string) {
  const form = multipart({ note: 'Brass lamp' }, [
    { filename: 'lamp.jpg', contentType: 'image/jpeg', bytes: photo },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${token}/submissions`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress: `198.51.100.${++caller}`,
  });
}

/** Submits a photo and publishes its item; returns the item id and its image row. */
async function publishedSubmission() {
  const link = await makeUploadLink(t.db);
  expect((await submitPhoto(link.token)).statusCode).toBe(201);
  const image = await t.db
    .selectFrom('item_images')
    .innerJoin('item_drafts', 'item_drafts.item_id', 'item_images.item_id')
    .selectAll('item_images')
    .where('item_drafts.upload_link_id', '=', link.id)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('items')
    .set({ status: 'available', published_at: new Date() })
    .where('id', '=', image.item_id)
    .execute();
  return { itemId: image.item_id, image };
}

describe('MEDIA_STORE=s3: photos in an S3-compatible bucket', () => {
  it('a photo submitted through intake is written to the bucket with its variants', async () => {
    const before = await s3.keys();
    const { image } = await publishedSubmission();
    const added = (await s3.keys()).filter((key) => !before.includes(key));
    expect(added.sort()).toEqual([image.path, ...image.variants.map((v) => v.path)].sort());
    expect(image.variants.length).toBeGreaterThan(0);
  });

  it('GET /media/* streams the object from the bucket, cached for a year and sandboxed', async () => {
    const { image } = await publishedSubmission();
    const res = await t.app.inject({ method: 'GET', url: `/media/${image.path}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(res.rawPayload.equals(await s3.storage().read(image.path))).toBe(true);
  });

  it('GET /media/* answers 404 for a missing object and for names it never makes', async () => {
    for (const url of [
      '/media/items/0123456789abcdef0123456789abcdef.jpg',
      '/media/items/..%2F..%2Fetc%2Fpasswd',
      '/media/.hidden/x.jpg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('with MEDIA_PUBLIC_BASE_URL the item’s image URLs point at the bucket, which serves the bytes', async () => {
    const { itemId, image } = await publishedSubmission();
    const item = (await cdn.inject({ method: 'GET', url: `/api/items/${itemId}` })).json();
    const base = `${s3.endpoint}/${s3.bucket}`;
    expect(item.images[0].url).toBe(`${base}/${image.path}`);
    for (const variant of item.images[0].variants)
      expect(variant.url.startsWith(`${base}/`)).toBe(true);
    const res = await fetch(item.images[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    // Without the setting the same item's URLs stay on /media.
    const plain = (await t.app.inject({ method: 'GET', url: `/api/items/${itemId}` })).json();
    expect(plain.images[0].url).toBe(`/media/${image.path}`);
  });

  it('a submission whose transaction fails leaves no object in the bucket and no row', async () => {
    const link = await makeUploadLink(t.db);
    // The photos are stored before the transaction; this makes the transaction itself fail.
    await sql`CREATE FUNCTION refuse_image() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_image BEFORE INSERT ON item_images
      FOR EACH ROW EXECUTE FUNCTION refuse_image()`.execute(t.db);
    try {
      const keysBefore = await s3.keys();
      const rowsBefore = await dbFingerprint(t.db);
      const res = await submitPhoto(link.token);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal_error');
      expect(await s3.keys()).toEqual(keysBefore);
      expect(await dbFingerprint(t.db)).toEqual(rowsBefore);
    } finally {
      await sql`DROP TRIGGER refuse_image ON item_images`.execute(t.db);
      await sql`DROP FUNCTION refuse_image()`.execute(t.db);
    }
  });
});

describe('the media sweep (a recurring job)', () => {
  it('removes an unreferenced object past the grace period and keeps a referenced photo and its variants', async () => {
    const { image } = await publishedSubmission();
    const storage = s3.storage();
    const orphan = await storage.put('items', 'jpg', photo);
    // The objects carry the bucket's real time; the app's clock moves past the grace period.
    t.clock.set(new Date(Date.now() + MEDIA_SWEEP_GRACE_MS + 60_000));
    await enqueue(t.db, MEDIA_SWEEP_KIND, {}, { key: 'recurring', now: t.clock.now() });
    await t.app.jobs.drain();
    const keys = await s3.keys();
    expect(keys).not.toContain(orphan);
    expect(keys).toContain(image.path);
    for (const variant of image.variants) expect(keys).toContain(variant.path);
  });

  it('keeps a photo that only an order line still shows (the item was edited after the sale)', async () => {
    const storage = s3.storage();
    const kept = await storage.put('items', 'jpg', photo);
    const now = new Date();
    const order = await t.db
      .insertInto('orders')
      .values({
        number: `SO-SWEEP-${caller}`,
        state: 'paid',
        total_cents: 700,
        currency: 'EUR',
        payment_reference: 'ref',
        checkout_key: `sweep-${caller}`,
        placed_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        title: 'Brass lamp',
        price_cents: 700,
        image_path: kept,
        position: 0,
      })
      .execute();
    t.clock.set(new Date(Date.now() + MEDIA_SWEEP_GRACE_MS + 60_000));
    await enqueue(t.db, MEDIA_SWEEP_KIND, {}, { key: 'recurring', now: t.clock.now() });
    await t.app.jobs.drain();
    expect(await s3.keys()).toContain(kept);
  });

  it('keeps an unreferenced object younger than the grace period (a submission may be committing)', async () => {
    const storage = s3.storage();
    t.clock.set(new Date(Date.now() + MEDIA_SWEEP_GRACE_MS - 60 * 60_000));
    const fresh = await storage.put('items', 'jpg', photo);
    await enqueue(t.db, MEDIA_SWEEP_KIND, {}, { key: 'recurring', now: t.clock.now() });
    await t.app.jobs.drain();
    expect(await s3.keys()).toContain(fresh);
  });
});

describe('npm run media:migrate (disk store → bucket)', () => {
  it('copies every photo under its own name, and a second run copies nothing', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-media-'));
    try {
      const disk = diskStorage(dir);
      const stored = [
        await disk.put('items', 'jpg', photo),
        await disk.put('variants', 'webp', photo),
      ];
      const bucket = s3.storage();
      expect(await copyDiskStoreToBucket(disk, bucket)).toEqual({ copied: 2, alreadyThere: 0 });
      for (const name of stored)
        expect((await bucket.read(name)).equals(await disk.read(name))).toBe(true);
      expect(await copyDiskStoreToBucket(disk, bucket)).toEqual({ copied: 0, alreadyThere: 2 });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
