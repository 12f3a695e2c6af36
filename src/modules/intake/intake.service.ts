import { digestToken, isWellFormedToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { storeVariants, variantWidthsFor } from '../../media/image-variants.js';
import type { MediaStorage } from '../../media/storage.js';
import { createSubmission, type StoredPhoto } from './intake.repository.js';
import type { IntakeForm } from './intake-form.js';
import { uploadLinksRepository } from './upload-links.repository.js';

/** Unknown, revoked and used-up links look identical from outside (spec 3 Upload link, 4.3 submit rule 6). */
export const linkNotActive = () =>
  new AppError(
    404,
    'link_not_active',
    'This upload link is not active. Ask the shop for a new link.',
  );

const UNTITLED = 'Photo submission';

/** A working title until the drafting step writes a real one: the note's first line. */
function titleFrom(note: string): string {
  const firstLine = note.split('\n', 1)[0]!.trim();
  return firstLine ? firstLine.slice(0, 120) : UNTITLED;
}

export function intakeService(ctx: Pick<AppContext, 'db' | 'clock'>, storage: MediaStorage) {
  const links = uploadLinksRepository(ctx.db);

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
        const written = await Promise.allSettled(
          form.photos.map((photo) => storage.put('items', photo.extension, photo.bytes)),
        );
        for (const result of written) if (result.status === 'fulfilled') stored.push(result.value);
        const failed = written.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
        // The list sizes of each photo (contract additions: Item images[].variants),
        // made before the transaction and removed with the photos if it fails.
        const photos: StoredPhoto[] = [];
        for (const [i, photo] of form.photos.entries()) {
          const variants = await storeVariants(storage, photo.bytes, variantWidthsFor(photo.width));
          stored.push(...variants.map((variant) => variant.path));
          photos.push({ path: stored[i]!, width: photo.width, height: photo.height, variants });
        }
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await links.claimSubmission(trx, linkId))) throw linkNotActive();
          await createSubmission(trx, {
            linkId,
            title: titleFrom(form.note),
            note: form.note,
            removeBackground: form.removeBackground,
            photos,
            now: ctx.clock.now(),
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
