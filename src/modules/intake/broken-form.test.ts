import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import { makeUploadLink, storedFiles } from '../../../test/support/intake.js';

// A phone upload that drops half-way is normal: the form is refused as the
// client's fault, nothing is stored and the link's count does not move.
let t: TestApp;
let photo: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  photo = await jpeg({ width: 320, height: 240 });
});
afterAll(() => t.close());

const countOf = async (id: number) =>
  (
    await t.db
      .selectFrom('upload_links')
      .select('submission_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).submission_count;

describe('a cut-off or wrong-boundary form', () => {
  it.each([
    ['cut off in the middle of the photo', 0.6, undefined],
    ['cut off in the first part header', 0.02, undefined],
    ['cut off just before the closing boundary', -10, undefined],
    ['sent under another boundary', 1, 'multipart/form-data; boundary=not-the-one-used'],
  ] as const)('%s → 400 invalid_body, nothing stored, count unchanged', async (_, at, type) => {
    const link = await makeUploadLink(t.db);
    const form = multipart({ note: 'Oak chair' }, [
      { filename: 'chair.jpg', contentType: 'image/jpeg', bytes: photo },
      { filename: 'back.jpg', contentType: 'image/jpeg', bytes: photo },
    ]);
    const end = at < 0 ? form.payload.length + at : Math.floor(form.payload.length * at);
    const before = await dbFingerprint(t.db);
    const filesBefore = await storedFiles(t.dataDir);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload-links/${link.token}/submissions`,
      payload: form.payload.subarray(0, end),
      headers: { 'content-type': type ?? form.headers['content-type']! },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_body');
    expect(await dbFingerprint(t.db)).toEqual(before);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await countOf(link.id)).toBe(0);
  });
});
