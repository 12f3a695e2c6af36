import { digestToken, isWellFormedToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { storeEncodedVariants } from '../../media/image-variants.js';
import type { MediaStorage } from '../../media/storage.js';
import { ownerNotices } from '../shop/owner-notices.service.js';
import { createSubmission, type StoredPhoto } from './intake.repository.js';
import type { IntakeForm } from './intake-form.js';
import { linkNotActive } from './link-not-active.js';
import { uploadLinksRepository } from './upload-links.repository.js';

const UNTITLED = 'Photo submission';

/** A working title until the drafting step writes a real one: the note's first line. */
function titleFrom(note: string): string {
  const firstLine = note.split('\n', 1)[0]!.trim();
  return firstLine ? firstLine.slice(0, 120) : UNTITLED;
}

/**
 * Waits for every piece of work; each success is handed to `keep` (so it can be
 * cleaned up if anything fails), then the first failure is raised.
 */
async function settleAll<T>(work: Array<Promise<T>>, keep: (value: T) => void): Promise<T[]> {
  const results = await Promise.allSettled(work);
  for (const result of results) if (result.status === 'fulfilled') keep(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

export function intakeService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'webhookEvents' | 'shop' | 'outbox' | 'config'>,
  storage: MediaStorage,
) {
  const links = uploadLinksRepository(ctx.db);
  const notices = ownerNotices(ctx);

  return {
    /** The id of a usable link, or 404 link_not_active; nothing is read or stored before this. */
    async resolveLink(token: string): Promise<number> {
      if (!isWellFormedToken(token)) throw linkNotActive();
      const linkId = await links.findUsable(digestToken(token));
      if (linkId === undefined) throw linkNotActive();
      return linkId;
    },

    /**
     * Stores the photos, then in one transaction claims a slot on the link and
     * creates the pending item with its images and queued draft. If the slot is
     * gone (a concurrent submission took the last one) or anything fails, the
     * stored files are removed again. No model or outside service is called.
     */
    async submit(linkId: number, form: IntakeForm): Promise<{ photos: number }> {
      const stored: string[] = [];
      try {
        // Written side by side; every file that was written is known before any failure is raised.
        const paths = await settleAll(
          form.photos.map((photo) => storage.put('items', photo.extension, photo.bytes)),
          (path) => stored.push(path),
        );
        // The list sizes of each photo (contract additions: Item images[].variants),
        // made while the form was read, stored before the transaction and removed
        // with the photos if it fails.
        const variants = await settleAll(
          form.photos.map((photo) => storeEncodedVariants(storage, photo.variants)),
          (made) => stored.push(...made.map((variant) => variant.path)),
        );
        const photos: StoredPhoto[] = form.photos.map((photo, i) => ({
          path: paths[i]!,
          width: photo.width,
          height: photo.height,
          variants: variants[i]!,
        }));
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await links.claimSubmission(trx, linkId))) throw linkNotActive();
          const itemId = await createSubmission(trx, {
            linkId,
            title: titleFrom(form.note),
            note: form.note,
            removeBackground: form.removeBackground,
            photos,
            now: ctx.clock.now(),
          });
          await ctx.webhookEvents.record(trx, 'submission.received', {
            item_id: itemId,
            photos: photos.length,
            upload_link_id: linkId,
          });
          // The owner hears of it iff it committed (issue 33 item 4).
          await notices.newSubmission(trx, {
            itemId,
            note: form.note,
            firstPhotoPath: photos[0]?.path ?? null,
            photos: photos.length,
          });
        });
        return { photos: photos.length };
      } catch (error) {
        await storage.remove(stored);
        throw error;
      }
    },
  };
}

export type IntakeService = ReturnType<typeof intakeService>;
