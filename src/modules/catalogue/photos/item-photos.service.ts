import type { AppContext } from '../../../context.js';
import { inTransaction } from '../../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import type { ProcessedImage } from '../../../media/image-upload.js';
import { storeVariants, variantWidthsFor } from '../../../media/image-variants.js';
import type { MediaStorage } from '../../../media/storage.js';
import type { AdminItem } from '../admin-items.schemas.js';
import { filesOf, itemPhotosRepository, type NewPhoto } from './item-photos.repository.js';
import { MAX_PHOTOS_PER_ITEM } from './item-photos-form.js';

const noItem = () => notFound('No such item.');
const noImage = () => notFound('No such image on this item.');

/**
 * Photos of any item, hand-made or submitted (issue 17, API 1). Files are
 * written before the transaction and removed again if it does not commit;
 * files a committed change no longer references are removed after it.
 */
export function itemPhotosService(
  ctx: Pick<AppContext, 'db'>,
  storage: MediaStorage,
  view: (itemId: number) => Promise<AdminItem>,
) {
  const photos = itemPhotosRepository(ctx.db);

  /** The photos and their list sizes in storage; on any failure, nothing is left behind. */
  async function store(
    processed: ProcessedImage[],
  ): Promise<{ stored: NewPhoto[]; paths: string[] }> {
    const paths: string[] = [];
    const stored: NewPhoto[] = [];
    try {
      for (const photo of processed) {
        const path = await storage.put('items', photo.extension, photo.bytes);
        paths.push(path);
        const variants = await storeVariants(storage, photo.bytes, variantWidthsFor(photo.width));
        paths.push(...variants.map((variant) => variant.path));
        stored.push({ path, width: photo.width, height: photo.height, variants });
      }
      return { stored, paths };
    } catch (error) {
      await storage.remove(paths);
      throw error;
    }
  }

  /** Runs a write with freshly stored files; they are removed if it does not commit. */
  async function withStored<T>(paths: string[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await storage.remove(paths);
      throw error;
    }
  }

  return {
    /** Before a byte of the form is read: an item that does not exist takes no upload. */
    async requireItem(itemId: number): Promise<void> {
      if (!(await photos.exists(itemId))) throw noItem();
    },

    async add(itemId: number, processed: ProcessedImage[]): Promise<AdminItem> {
      const { stored, paths } = await store(processed);
      await withStored(paths, () =>
        inTransaction(ctx.db, async (trx) => {
          const current = await photos.lockItem(trx, itemId);
          if (!current) throw noItem();
          if (current.length + stored.length > MAX_PHOTOS_PER_ITEM) {
            throw conflict(
              'too_many_photos',
              `An item has at most ${MAX_PHOTOS_PER_ITEM} photos; this one has ${current.length}.`,
              'photos',
            );
          }
          await photos.append(trx, itemId, current.length, stored);
        }),
      );
      return view(itemId);
    },

    async remove(itemId: number, imageId: number): Promise<void> {
      const gone = await inTransaction(ctx.db, async (trx) => {
        if (!(await photos.lockItem(trx, itemId))) throw noItem();
        const files = await photos.remove(trx, itemId, imageId);
        if (!files) throw noImage();
        return files;
      });
      await storage.remove(filesOf([gone]));
    },

    /** `imageIds` must name every photo of the item exactly once. */
    async reorder(itemId: number, imageIds: number[]): Promise<AdminItem> {
      await inTransaction(ctx.db, async (trx) => {
        const current = await photos.lockItem(trx, itemId);
        if (!current) throw noItem();
        const same =
          imageIds.length === current.length && imageIds.every((id) => current.includes(id));
        if (!same) {
          throw badRequest(
            'invalid_body',
            'List every photo of this item exactly once, in the new order.',
            'image_ids',
          );
        }
        await photos.reorder(trx, itemId, imageIds);
      });
      return view(itemId);
    },

    /** A new photo in the old one's place; the old photo, its original and variants go. */
    async replace(itemId: number, imageId: number, processed: ProcessedImage): Promise<AdminItem> {
      const { stored, paths } = await store([processed]);
      const replaced = await withStored(paths, () =>
        inTransaction(ctx.db, async (trx) => {
          if (!(await photos.lockItem(trx, itemId))) throw noItem();
          const files = await photos.replace(trx, itemId, imageId, stored[0]!);
          if (!files) throw noImage();
          return files;
        }),
      );
      await storage.remove(filesOf([replaced]));
      return view(itemId);
    },
  };
}

export type ItemPhotosService = ReturnType<typeof itemPhotosService>;
