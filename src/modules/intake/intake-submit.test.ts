import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import {
  gif,
  hasGpsPointer,
  jpeg,
  multipart,
  pixelBomb,
  png,
} from '../../../test/support/images.js';
import { makeUploadLink, storedFiles } from '../../../test/support/intake.js';
import { imageDecodeSlots } from '../../media/decode-slots.js';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  photo = await jpeg();
});
afterAll(() => t.close());

let caller = 0;
function submit(
  token: string,
  form: ReturnType<typeof multipart>,
  remoteAddress = `198.51.100.${(++caller % 250) + 1}`,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${token}/submissions`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress,
  });
}
const photos = (n: number, bytes = photo) =>
  Array.from({ length: n }, (_, i) => ({
    filename: `photo-${i + 1}.jpg`,
    contentType: 'image/jpeg',
    bytes,
  }));

async function linkCount(id: number): Promise<number> {
  const row = await t.db
    .selectFrom('upload_links')
    .select('submission_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.submission_count;
}

describe('POST /api/upload-links/:token/submissions: acceptance (spec 4.3 submit 3)', () => {
  it('creates a pending item at 8000 default with its images and a queued draft, and counts the submission', async () => {
    const link = await makeUploadLink(t.db);
    const res = await submit(
      link.token,
      multipart({ note: 'Oak chair\nBought in 1970.' }, photos(2)),
    );
    expect(res.statusCode).toBe(201);
    // Success names no item id.
    expect(res.json()).toEqual({ received: true, photos: 2 });

    const draft = await t.db
      .selectFrom('item_drafts')
      .selectAll()
      .where('upload_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({
      state: 'queued',
      note: 'Oak chair\nBought in 1970.',
      remove_background: true,
    });
    const item = await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', draft.item_id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      status: 'pending',
      price_cents: 8000,
      price_source: 'default',
      title: 'Oak chair',
    });
    const images = await t.db
      .selectFrom('item_images')
      .selectAll()
      .where('item_id', '=', item.id)
      .orderBy('position')
      .execute();
    expect(
      images.map((image) => [image.position, image.width, image.height, image.original_image_path]),
    ).toEqual([
      [0, 64, 48, null],
      [1, 64, 48, null],
    ]);
    for (const image of images)
      await expect(fs.stat(path.join(t.dataDir, 'media', image.path))).resolves.toBeTruthy();
    expect(await linkCount(link.id)).toBe(1);
  });

  it('makes one photo’s list sizes beside the next one’s re-encode, and keeps the order they were sent in', async () => {
    const link = await makeUploadLink(t.db);
    // Two large photos first: the first one's list sizes take a core while the second
    // is re-encoded (one re-encode at a time); the small ones after them finish fast.
    const sizes = [
      { width: 3000, height: 2000 },
      { width: 2400, height: 1600 },
      { width: 80, height: 60 },
      { width: 96, height: 72 },
    ];
    const files = await Promise.all(
      sizes.map(async (size, i) => ({
        filename: `photo-${i + 1}.jpg`,
        contentType: 'image/jpeg',
        bytes: await jpeg(size),
      })),
    );
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, imageDecodeSlots.inUse);
    }, 0);
    const res = await submit(link.token, multipart({ note: 'Four photos' }, files));
    clearInterval(watch);
    expect(res.statusCode).toBe(201);
    if (imageDecodeSlots.size > 1) expect(most).toBeGreaterThan(1);
    const images = await t.db
      .selectFrom('item_images')
      .innerJoin('item_drafts', 'item_drafts.item_id', 'item_images.item_id')
      .select(['item_images.position', 'item_images.width', 'item_images.height'])
      .where('item_drafts.upload_link_id', '=', link.id)
      .orderBy('item_images.position')
      .execute();
    expect(images).toEqual(sizes.map((size, position) => ({ position, ...size })));
  });

  it('records remove_background=false as the submitter’s opt-out', async () => {
    const link = await makeUploadLink(t.db);
    expect(
      (await submit(link.token, multipart({ note: 'x', remove_background: 'false' }, photos(1))))
        .statusCode,
    ).toBe(201);
    const draft = await t.db
      .selectFrom('item_drafts')
      .selectAll()
      .where('upload_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(draft.remove_background).toBe(false);
  });

  it('the pending item stays off the storefront', async () => {
    const link = await makeUploadLink(t.db);
    await submit(link.token, multipart({ note: 'Unseen lamp' }, photos(1)));
    const draft = await t.db
      .selectFrom('item_drafts')
      .select('item_id')
      .where('upload_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/items/${draft.item_id}` })).statusCode,
    ).toBe(404);
  });

  it('accepts PNG and WebP as well as JPEG', async () => {
    const link = await makeUploadLink(t.db);
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    const form = multipart({}, [
      { filename: 'a.png', contentType: 'image/png', bytes: await png() },
      { filename: 'b.webp', contentType: 'image/webp', bytes: webp },
    ]);
    expect((await submit(link.token, form)).statusCode).toBe(201);
  });
});

describe('shared image handling (spec 4.3 submit 2)', () => {
  it('stores a JPEG that carried EXIF GPS tags without any EXIF at all', async () => {
    const withGps = await jpeg({ gps: true });
    expect(hasGpsPointer((await sharp(withGps).metadata()).exif)).toBe(true);
    const link = await makeUploadLink(t.db);
    const before = await storedFiles(t.dataDir);
    expect((await submit(link.token, multipart({}, photos(1, withGps)))).statusCode).toBe(201);
    const added = (await storedFiles(t.dataDir)).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const stored = await fs.readFile(path.join(t.dataDir, 'media', added[0]!));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Camera owner'))).toBe(false);
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const rotated = await jpeg({ width: 64, height: 48, orientation: 6 });
    const link = await makeUploadLink(t.db);
    await submit(link.token, multipart({}, photos(1, rotated)));
    const draft = await t.db
      .selectFrom('item_drafts')
      .select('item_id')
      .where('upload_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    const image = await t.db
      .selectFrom('item_images')
      .selectAll()
      .where('item_id', '=', draft.item_id)
      .executeTakeFirstOrThrow();
    expect([image.width, image.height]).toEqual([48, 64]);
  });
});

describe('refusals from a usable link: status, code, and nothing created or stored', () => {
  async function expectRefused(
    form: ReturnType<typeof multipart>,
    status: number,
    code: string,
    messagePart?: string,
  ) {
    const link = await makeUploadLink(t.db);
    const rowsBefore = await dbFingerprint(t.db);
    const filesBefore = await storedFiles(t.dataDir);
    const res = await submit(link.token, form);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (messagePart) expect(res.json().error.message).toContain(messagePart);
    expect(await dbFingerprint(t.db)).toEqual(rowsBefore);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await linkCount(link.id)).toBe(0);
  }

  it('a text file named .jpg: 400 invalid_image naming the file', async () => {
    await expectRefused(
      multipart({}, [
        {
          filename: 'holiday.jpg',
          contentType: 'image/jpeg',
          bytes: Buffer.from('just some text, not a photo'),
        },
      ]),
      400,
      'invalid_image',
      'holiday.jpg',
    );
  });

  it('a PNG declared as JPEG: 400 invalid_image', async () => {
    await expectRefused(
      multipart({}, [{ filename: 'sneaky.jpg', contentType: 'image/jpeg', bytes: await png() }]),
      400,
      'invalid_image',
      'sneaky.jpg',
    );
  });

  it('a GIF, outside the allowlist: 400 invalid_image', async () => {
    await expectRefused(
      multipart({}, [{ filename: 'anim.gif', contentType: 'image/gif', bytes: await gif() }]),
      400,
      'invalid_image',
    );
  });

  it('a decompression bomb (400 megapixels in a tiny file): 400 invalid_image', async () => {
    await expectRefused(
      multipart({}, [{ filename: 'bomb.png', contentType: 'image/png', bytes: await pixelBomb() }]),
      400,
      'invalid_image',
      'too many pixels',
    );
  });

  it('a bad file after good ones: nothing of the good ones is kept', async () => {
    await expectRefused(
      multipart({}, [
        ...photos(2),
        { filename: 'bad.jpg', contentType: 'image/jpeg', bytes: Buffer.from('nope') },
      ]),
      400,
      'invalid_image',
      'bad.jpg',
    );
  });

  it('7 files: 400 too_many_files', async () => {
    await expectRefused(multipart({}, photos(7)), 400, 'too_many_files');
  });

  it('no file: 400 no_files', async () => {
    await expectRefused(multipart({ note: 'forgot the photos' }, []), 400, 'no_files');
  });

  it('a file over 15 MB: 413 file_too_large', async () => {
    const huge = Buffer.concat([photo, Buffer.alloc(15 * 1024 * 1024 + 1)]);
    await expectRefused(
      multipart({}, [{ filename: 'huge.jpg', contentType: 'image/jpeg', bytes: huge }]),
      413,
      'file_too_large',
    );
  });

  it('an unknown field: 400 invalid_body naming it', async () => {
    await expectRefused(multipart({ price: '1' }, photos(1)), 400, 'invalid_body');
  });

  it('remove_background other than true or false: 400 invalid_body', async () => {
    await expectRefused(multipart({ remove_background: 'maybe' }, photos(1)), 400, 'invalid_body');
  });

  it('a JSON body instead of a form: 415', async () => {
    const link = await makeUploadLink(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload-links/${link.token}/submissions`,
      payload: { note: 'x' },
    });
    expect(res.statusCode).toBe(415);
  });
});
