import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/build-test-app.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import type { TestS3Server } from '../../../test/support/s3-server.js';
import { type S3TestApp, s3TestApp } from '../../../test/support/s3-test-app.js';

/**
 * Removing objects is what follows a committed change (or a refusal): a store that
 * does not answer then must not turn the request into a 500. The objects left
 * behind are referenced by no row, and the media sweep removes them later.
 */
let setup: S3TestApp;
let s3: TestS3Server;
let t: TestApp;
let admin: S3TestApp['admin'];
let cookie: string;
beforeAll(async () => {
  setup = await s3TestApp();
  ({ s3, t, admin, adminCookie: cookie } = setup);
}, 120_000);
afterAll(() => setup?.close());

describe('the bucket unreachable after a change committed', () => {
  it('removing a photo still answers 204 and logs what the sweep will remove', async () => {
    const id = (await admin('POST', '/api/admin/items', { title: 'Tin box' })).json().id;
    const form = multipart({}, [
      { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/items/${id}/images`,
      payload: form.payload,
      headers: form.headers,
      cookies: { shop_admin: cookie },
    });
    expect(added.statusCode).toBe(201);
    const imageId = added.json().images[0].id;
    await s3.close();

    const res = await admin('DELETE', `/api/admin/items/${id}/images/${imageId}`);
    expect(res.statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('item_images')
      .select('id')
      .where('item_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
    const warning = t.logs
      .entries()
      .find((entry) => entry.msg?.startsWith('media objects not removed'));
    expect(warning).toMatchObject({ level: 40, objects: 1 });
    // An item delete likewise: committed, answered, the leftovers logged.
    expect((await admin('DELETE', `/api/admin/items/${id}`)).statusCode).toBe(204);
  }, 60_000);
});
