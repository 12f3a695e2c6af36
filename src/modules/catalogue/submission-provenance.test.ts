import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';
import { jpeg, multipart } from '../../../test/support/images.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** A link made by the admin and a submission through it, as a submitter sends it. */
async function submissionThroughNewLink(label: string, note: string): Promise<number> {
  const link = await admin('POST', '/api/admin/upload-links', {
    contact_email: 'seller@example.com',
    label,
  });
  expect(link.statusCode).toBe(201);
  const form = multipart({ note }, [
    { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
  ]);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${link.json().token}/submissions`,
    payload: form.payload,
    headers: form.headers,
    remoteAddress: '198.51.100.77',
  });
  expect(sent.statusCode).toBe(201);
  const draft = await t.db
    .selectFrom('item_drafts')
    .select('item_id')
    .where('upload_link_id', '=', link.json().id)
    .executeTakeFirstOrThrow();
  return draft.item_id;
}

const ids = (res: { json(): { items: Array<{ id: number }> } }) =>
  res.json().items.map((item) => item.id);

describe('admin item views carry the link a submission came through', () => {
  it('shows the label and contact email in the list and the detail', async () => {
    const itemId = await submissionThroughNewLink('Attic clearance', 'Old lamp');
    const detail = await admin('GET', `/api/admin/items/${itemId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().draft).toMatchObject({
      note: 'Old lamp',
      link: { label: 'Attic clearance', contact_email: 'seller@example.com' },
    });
    const listed = (await admin('GET', '/api/admin/items?q=lamp')).json().items;
    expect(listed[0].draft.link).toMatchObject({ label: 'Attic clearance' });
  });

  it('says null when the draft has no link (the link was deleted) and for hand-made items', async () => {
    const item = await makeItem(t.db, { status: 'pending' });
    await t.db.insertInto('item_drafts').values({ item_id: item.id, note: 'orphan' }).execute();
    expect((await admin('GET', `/api/admin/items/${item.id}`)).json().draft.link).toBeNull();
    const hand = await makeItem(t.db, { status: 'pending' });
    expect((await admin('GET', `/api/admin/items/${hand.id}`)).json().draft).toBeNull();
  });
});

describe('GET /api/admin/items?new_submissions=true', () => {
  it('lists pending submissions whose draft awaits review, and nothing else', async () => {
    const waiting = await submissionThroughNewLink('Inbox', 'Waiting chair');
    const reviewed = await submissionThroughNewLink('Inbox', 'Reviewed chair');
    await t.db
      .updateTable('item_drafts')
      .set({ state: 'dismissed' })
      .where('item_id', '=', reviewed)
      .execute();
    const published = await submissionThroughNewLink('Inbox', 'Published chair');
    expect((await admin('POST', `/api/admin/items/${published}/publish`)).statusCode).toBe(200);
    const handMade = await makeItem(t.db, { status: 'pending', title: 'Hand chair' });

    const res = await admin('GET', '/api/admin/items?new_submissions=true&q=chair');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([waiting]);
    const all = await admin('GET', '/api/admin/items?q=chair&limit=100');
    expect(ids(all)).toEqual(expect.arrayContaining([waiting, reviewed, published, handMade.id]));
  });

  it('is an admin filter: the storefront refuses it as an unknown parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?new_submissions=true' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_parameter');
    const bad = await admin('GET', '/api/admin/items?new_submissions=maybe');
    expect(bad.statusCode).toBe(400);
  });
});
