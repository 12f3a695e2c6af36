import type { TestApp } from './build-test-app.js';
import { multipart } from './images.js';
import { makeUploadLink } from './intake.js';

let caller = 0;

/** A well-formed model answer (the chat-completions server's message content). */
export const goodAnswer = {
  title: 'Red enamel disc',
  description: 'A red enamel disc.',
  price_cents: 12_000,
  category_id: null,
  tags: [],
  proposed_tags: ['enamel'],
};

/** Submits photos through a fresh upload link as a submitter would; returns the draft's id. */
export async function submitPhotos(
  t: TestApp,
  photos: Buffer[],
  options: { note?: string; removeBackground?: boolean; label?: string } = {},
): Promise<{ draftId: number; itemId: number; linkId: number; status: number }> {
  const link = await makeUploadLink(t.db);
  if (options.label)
    await t.db
      .updateTable('upload_links')
      .set({ label: options.label })
      .where('id', '=', link.id)
      .execute();
  const form = multipart(
    {
      note: options.note ?? 'Teak side table',
      ...(options.removeBackground === false ? { remove_background: 'false' } : {}),
    },
    photos.map((bytes, i) => ({
      filename: `photo-${i + 1}.jpg`,
      contentType: 'image/jpeg',
      bytes,
    })),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${link.token}/submissions`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress: `203.0.113.${(++caller % 250) + 1}`,
  });
  const draft = await t.db
    .selectFrom('item_drafts')
    .select(['id', 'item_id'])
    .where('upload_link_id', '=', link.id)
    .executeTakeFirst();
  return {
    draftId: draft?.id ?? 0,
    itemId: draft?.item_id ?? 0,
    linkId: link.id,
    status: res.statusCode,
  };
}

export async function draftRow(t: TestApp, id: number) {
  return t.db.selectFrom('item_drafts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function itemRow(t: TestApp, id: number) {
  return t.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function imageRows(t: TestApp, itemId: number) {
  return t.db
    .selectFrom('item_images')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute();
}
