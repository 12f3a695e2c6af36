import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ENV,
  adminClient,
  adminSessionCookie,
  adminUpload,
} from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { addToCart, checkout } from '../../test/support/commerce.js';
import { makeCustomer, withSession } from '../../test/support/customer-factories.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { imageRows } from '../../test/support/drafting.js';
import { jpeg } from '../../test/support/images.js';
import { storedFiles } from '../../test/support/intake.js';
import {
  holdLocks,
  type Tracked,
  track,
  waitForLockWaiters,
} from '../../test/support/lock-holder.js';
import { currentDatabaseUrl } from '../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../test/support/test-database.js';
import { diskStorage } from './storage.js';
import { MEDIA_SWEEP_GRACE_MS, sweepUnreferencedMedia } from './stores/media-sweep.js';

// Issue 30, item 18: a file goes only when no row references it, an order line's
// picture included; the sweep removes what is left with the same rule.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  cookie = await adminSessionCookie(t.app);
  admin = await adminClient(t.app, cookie);
}, 120_000);
afterAll(() => t.close());

const mediaRoot = () => path.join(t.dataDir, 'media');

/** `count` real JPEG photos, as the admin's photo form sends them. */
async function sendPhotos(method: 'POST' | 'PUT', url: string, count: number, width = 1200) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      filename: `${i}.jpg`,
      contentType: 'image/jpeg',
      bytes: await jpeg({ width, height: 900 }),
    })),
  );
  return adminUpload(t.app, cookie, method, url, files);
}

const imagesOf = (itemId: number) => imageRows(t, itemId);

/**
 * Makes the item's first photo look as the drafting step leaves a cut-out: the
 * photo shown, and an original (a file of its own) kept beside it.
 */
async function asCutOut(itemId: number, originalName: string) {
  const [image] = await imagesOf(itemId);
  const original = `items/${originalName}.jpg`;
  await fs.copyFile(path.join(mediaRoot(), image!.path), path.join(mediaRoot(), original));
  await t.db
    .updateTable('item_images')
    .set({ original_image_path: original })
    .where('id', '=', image!.id)
    .execute();
  return image!;
}

/** An item with real photos (and list sizes), published, bought by a customer at checkout. */
async function boughtItem() {
  const id = (
    await admin('POST', '/api/admin/items', { title: 'Brass lamp', price_cents: 4200 })
  ).json().id as number;
  expect((await sendPhotos('POST', `/api/admin/items/${id}/images`, 2)).statusCode).toBe(201);
  expect((await admin('POST', `/api/admin/items/${id}/publish`)).statusCode).toBe(200);
  const buyer = await makeCustomer(t);
  expect((await addToCart(t, buyer.cookie, id)).statusCode).toBe(200);
  const sale = await checkout(t, buyer.cookie);
  expect(sale.statusCode, sale.body).toBe(200);
  const order = sale.json().order as { id: number };
  const [first, second] = await imagesOf(id);
  return { id, order, buyer, first: first!, second: second! };
}

/** The picture the buyer's order shows, as the buyer and the admin see it, served. */
async function orderPictureServed(order: { id: number }, buyer: { cookie: string }) {
  const mine = await t.app.inject({
    method: 'GET',
    url: `/api/customers/me/orders/${order.id}`,
    ...withSession(buyer.cookie),
  });
  const theirs = await admin('GET', `/api/admin/orders/${order.id}`);
  const url = mine.json().lines[0].image as string;
  expect(theirs.json().lines[0].image).toBe(url);
  const served = await t.app.inject({ method: 'GET', url });
  return served.statusCode;
}

describe('files an order line shows stay (issue 30, item 18)', () => {
  it('deleting the photo a bought item’s order shows keeps its file; its list sizes, shown nowhere, go', async () => {
    const { id, order, buyer, first } = await boughtItem();
    expect(await orderPictureServed(order, buyer)).toBe(200);
    expect((await admin('DELETE', `/api/admin/items/${id}/images/${first.id}`)).statusCode).toBe(
      204,
    );
    expect(await orderPictureServed(order, buyer)).toBe(200);
    const files = await storedFiles(t.dataDir);
    expect(files).toContain(first.path);
    for (const variant of first.variants) expect(files).not.toContain(variant.path);
  });

  it('replacing that photo keeps the file the order shows', async () => {
    const { id, order, buyer, first } = await boughtItem();
    const res = await sendPhotos('PUT', `/api/admin/items/${id}/images/${first.id}`, 1, 800);
    expect(res.statusCode).toBe(200);
    expect(await orderPictureServed(order, buyer)).toBe(200);
    expect(await storedFiles(t.dataDir)).toContain(first.path);
  });

  it('restoring the original keeps the cut-out the order shows', async () => {
    // A cut-out as the drafting step leaves it: the photo shown, the original beside it.
    const id = (await admin('POST', '/api/admin/items', { title: 'Cut-out vase' })).json().id;
    expect((await sendPhotos('POST', `/api/admin/items/${id}/images`, 1)).statusCode).toBe(201);
    const image = await asCutOut(id, 'original-of-vase');
    expect((await admin('POST', `/api/admin/items/${id}/publish`)).statusCode).toBe(200);
    const buyer = await makeCustomer(t);
    expect((await addToCart(t, buyer.cookie, id)).statusCode).toBe(200);
    const order = (await checkout(t, buyer.cookie)).json().order;

    const res = await admin('POST', `/api/admin/items/${id}/images/${image.id}/restore-original`);
    expect(res.statusCode).toBe(200);
    expect(await orderPictureServed(order, buyer)).toBe(200);
    expect(await storedFiles(t.dataDir)).toContain(image.path);
  });

  it('an item whose sale was cancelled stays a record: deleting it is 409 item_sold, nothing goes', async () => {
    const { id, order, buyer } = await boughtItem();
    const cancelled = await admin('POST', `/api/admin/orders/${order.id}/cancel`, {
      reason: 'The buyer changed their mind.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await admin('GET', `/api/admin/items/${id}`)).json().status).toBe('available');
    const rows = await dbFingerprint(t.db);
    const files = await storedFiles(t.dataDir);

    const res = await admin('DELETE', `/api/admin/items/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'item_sold',
      message: expect.stringMatching(/order/),
    });
    expect(await dbFingerprint(t.db)).toEqual(rows);
    expect(await storedFiles(t.dataDir)).toEqual(files);
    expect(await orderPictureServed(order, buyer)).toBe(200);
  });

  it('a file two items share stays while either shows it', async () => {
    const a = (await admin('POST', '/api/admin/items', { title: 'Shared A' })).json().id;
    expect((await sendPhotos('POST', `/api/admin/items/${a}/images`, 1, 400)).statusCode).toBe(201);
    const [shared] = await imagesOf(a);
    const b = (await admin('POST', '/api/admin/items', { title: 'Shared B' })).json().id;
    // As a seeded catalogue has it: one photo behind several items.
    await t.db
      .insertInto('item_images')
      .values({ item_id: b, path: shared!.path, width: 400, height: 900, position: 0 })
      .execute();
    expect((await admin('DELETE', `/api/admin/items/${a}`)).statusCode).toBe(204);
    expect(await storedFiles(t.dataDir)).toContain(shared!.path);
    expect((await admin('DELETE', `/api/admin/items/${b}`)).statusCode).toBe(204);
    expect(await storedFiles(t.dataDir)).not.toContain(shared!.path);
  });

  it('the sweep removes old files nothing references and keeps what an order line shows', async () => {
    const { id, first } = await boughtItem();
    // The item's photo rows go behind the app's back; only the order line still points at one.
    await t.db.deleteFrom('item_images').where('item_id', '=', id).execute();
    await fs.writeFile(path.join(mediaRoot(), 'items/left-behind.jpg'), 'x');
    const storage = diskStorage(mediaRoot());
    // Files are dated by the disk's clock: sweep as if a day had passed there too.
    const later = { now: () => new Date(Date.now() + MEDIA_SWEEP_GRACE_MS + 1000) };
    await sweepUnreferencedMedia({ db: t.db, storage, clock: later });
    const files = await storedFiles(t.dataDir);
    expect(files).toContain(first.path);
    expect(files).not.toContain('items/left-behind.jpg');
  });
});

describe.runIf(onPostgres)('a restore racing a sale (PostgreSQL)', () => {
  it('a restore waits for a sale holding the item, then keeps the cut-out the new order line shows', async () => {
    const { order } = await boughtItem();
    const id = (await admin('POST', '/api/admin/items', { title: 'Racing jug' })).json().id;
    expect((await sendPhotos('POST', `/api/admin/items/${id}/images`, 1, 400)).statusCode).toBe(
      201,
    );
    const image = await asCutOut(id, 'original-of-jug');
    const url = await currentDatabaseUrl(t.db);
    // A sale in progress: it holds the item row and has written its line with the
    // cut-out as the picture, not yet committed.
    const sale = await holdLocks(url, [
      { text: 'SELECT 1 FROM items WHERE id = $1 FOR UPDATE', values: [id] },
      {
        text: `INSERT INTO order_lines (order_id, item_id, title, price_cents, image_path, position)
               VALUES ($1, $2, 'Racing jug', 100, $3, 1)`,
        values: [order.id, id, image.path],
      },
    ]);
    let restore: Tracked<{ statusCode: number }>;
    try {
      restore = track(admin('POST', `/api/admin/items/${id}/images/${image.id}/restore-original`));
      await waitForLockWaiters(url, '%items%', 1, restore.done);
    } finally {
      await sale.release();
    }
    expect((await restore.promise).statusCode).toBe(200);
    expect(await storedFiles(t.dataDir)).toContain(image.path);
  });
});
