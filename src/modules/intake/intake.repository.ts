import type { Db } from '../../db/database.js';
import type { StoredVariant } from '../../db/schema.js';
import { queueDraft } from '../drafting/draft-jobs.js';

export interface StoredPhoto {
  path: string;
  width: number;
  height: number;
  variants: StoredVariant[];
}

/**
 * The pending item, its images and its queued draft (spec 4.3 submit rule 3),
 * inside the caller's transaction; the drafting job is queued in the same one,
 * so it exists exactly when the submission committed. Nothing is called here:
 * the worker takes the job after the commit (spec 4.3 submit rule 5).
 */
export async function createSubmission(
  trx: Db,
  submission: {
    linkId: number;
    title: string;
    note: string;
    removeBackground: boolean;
    photos: StoredPhoto[];
    now: Date;
  },
): Promise<number> {
  const item = await trx
    .insertInto('items')
    // status, price_cents and price_source come from their column defaults: pending, 8000, 'default'.
    .values({ title: submission.title })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('item_images')
    .values(
      submission.photos.map((photo, position) => ({
        item_id: item.id,
        path: photo.path,
        width: photo.width,
        height: photo.height,
        variants: JSON.stringify(photo.variants),
        position,
      })),
    )
    .execute();
  const draft = await trx
    .insertInto('item_drafts')
    .values({
      item_id: item.id,
      upload_link_id: submission.linkId,
      note: submission.note,
      state: 'queued',
      remove_background: submission.removeBackground,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueDraft(trx, draft.id, submission.now);
  return item.id;
}
