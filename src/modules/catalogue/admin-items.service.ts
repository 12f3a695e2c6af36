import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { type MediaStorage, type MediaUrl, mediaUrlFor } from '../../media/storage.js';
import { attachFreshVariants } from '../../media/variants.service.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { parseItemFilters } from '../storefront/item-filters.js';
import { type ItemRow, itemsRepository } from '../storefront/items.repository.js';
import { itemRowToItem, storefrontService } from '../storefront/storefront.service.js';
import type { ItemEventType } from '../webhooks/webhook-payloads.js';
import { adminItemsRepository } from './admin-items.repository.js';
import type {
  AdminItem,
  AdminItemListQuery,
  CreateItemBody,
  UpdateItemBody,
} from './admin-items.schemas.js';
import { detailColumnsOf } from './item-details.js';
import { filesOf, itemPhotosRepository } from './photos/item-photos.repository.js';
import { publishWarningsOf } from './publish-warnings.js';

function adminItemOf(row: ItemRow, mediaUrl: MediaUrl): AdminItem {
  const item = itemRowToItem(row, mediaUrl);
  return {
    ...item,
    price_source: row.price_source,
    images: item.images.map((image, i) => ({
      ...image,
      has_original: row.images[i]!.has_original,
    })),
    draft: row.draft ?? null,
    publish_warnings: publishWarningsOf({ ...item, price_source: row.price_source }),
  };
}

/** A reference in the body that points at nothing is the body's fault: 400 naming the field. */
function refusedReference(error: unknown): never {
  if (isForeignKeyViolation(error, 'items_category_id_fkey')) {
    throw badRequest('invalid_body', 'There is no category with that id.', 'category_id');
  }
  if (isForeignKeyViolation(error, 'item_tags_tag_id_fkey')) {
    throw badRequest('invalid_body', 'One of the tag ids names no tag.', 'tag_ids');
  }
  throw error;
}

export function adminItemsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'metrics' | 'webhookEvents'>,
  storage: MediaStorage,
  sales: SaleAnnouncer,
) {
  const items = itemsRepository(ctx.db);
  const writes = adminItemsRepository(ctx.db);
  // A status change is one statement, but its triggers lock tag counts (0023): run
  // it as a transaction that is retried on a deadlock, never answered with a 500.
  // A change that took place is announced to webhooks in its own transaction; an
  // unpublish of an item that was pending already changes nothing and announces nothing.
  const retried = (
    write: (repo: ReturnType<typeof adminItemsRepository>) => Promise<boolean>,
    event: ItemEventType,
    id: number,
  ) =>
    inTransaction(ctx.db, async (trx) => {
      const was = await itemsRepository(trx).statusOf(id);
      const changed = await write(adminItemsRepository(trx));
      if (changed && !(event === 'item.unpublished' && was === 'pending'))
        await ctx.webhookEvents.items(trx, event, [id]);
      return changed;
    });
  const mediaUrl = mediaUrlFor(ctx.config);
  const storefront = storefrontService(ctx.db, mediaUrl);

  async function get(id: number): Promise<AdminItem> {
    const row = await items.findById(id, { includePending: true });
    if (!row) throw notFound('No such item.');
    return adminItemOf(row, mediaUrl);
  }

  /** Why a guarded transition changed nothing: the item is gone, or its state forbids it (contract: Admin). */
  async function refuseTransition(
    id: number,
    action: 'publish' | 'unpublish' | 'mark-sold',
  ): Promise<never> {
    const status = await items.statusOf(id);
    if (status === undefined) throw notFound('No such item.');
    if (action === 'publish') {
      throw conflict(
        'invalid_transition',
        `Only pending items can be published; this one is ${status}.`,
      );
    }
    if (status === 'reserved') {
      throw conflict(
        'item_reserved',
        'This item is reserved in a customer’s cart; it cannot be unpublished while held.',
      );
    }
    throw conflict(
      'item_sold',
      action === 'mark-sold'
        ? 'This item is already sold.'
        : 'This item is sold; it cannot be unpublished.',
    );
  }

  return {
    get,

    /** The storefront's filters and shapes, with pending allowed (spec 4.2 rule 9). */
    async list({ new_submissions, ...query }: AdminItemListQuery) {
      const filters = parseItemFilters(query, 'admin');
      if (new_submissions) filters.newSubmissions = true;
      const { rows, next_cursor } = await storefront.listRows(filters);
      return { items: rows.map((row) => adminItemOf(row, mediaUrl)), next_cursor };
    },

    async create(body: CreateItemBody): Promise<AdminItem> {
      const id = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const itemId = await writes.create(trx, {
            title: body.title.trim(),
            description: body.description ?? '',
            ...(body.price_cents !== undefined ? { priceCents: body.price_cents } : {}),
            categoryId: body.category_id ?? null,
            details: detailColumnsOf(body),
          });
          if (body.tag_ids) await writes.replaceTags(trx, itemId, body.tag_ids);
          return itemId;
        })
        .catch(refusedReference);
      return get(id);
    },

    async update(id: number, body: UpdateItemBody): Promise<AdminItem> {
      // Retried on a deadlock, the safety net of the lock order (replaceTags).
      const found = await inTransaction(ctx.db, async (trx) => {
        const exists = await writes.update(
          trx,
          id,
          {
            ...(body.title !== undefined ? { title: body.title.trim() } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.price_cents !== undefined ? { priceCents: body.price_cents } : {}),
            ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
            details: detailColumnsOf(body),
          },
          ctx.clock.now(),
        );
        if (exists && body.tag_ids) await writes.replaceTags(trx, id, body.tag_ids);
        return exists;
      }).catch(refusedReference);
      if (!found) throw notFound('No such item.');
      return get(id);
    },

    /** Publishes whatever it warns about (issue 17, API 7): the warnings come with the answer. */
    async publish(id: number): Promise<AdminItem & { warnings: AdminItem['publish_warnings'] }> {
      if (!(await retried((repo) => repo.publish(id, ctx.clock.now()), 'item.published', id)))
        await refuseTransition(id, 'publish');
      ctx.metrics.itemsPublished.inc();
      const item = await get(id);
      return { ...item, warnings: item.publish_warnings };
    },

    /**
     * Deletes an item that never sold and is not held (issue 17, API 2): spam
     * submissions need not stay pending forever. The item row is locked, so no
     * photo or hold arrives between the check and the delete; its files go after
     * the commit (images, drafts, tags and favorites go with the row).
     */
    async remove(id: number): Promise<void> {
      const files = await inTransaction(ctx.db, async (trx) => {
        const item = await adminItemsRepository(trx).lockForDelete(id);
        if (!item) throw notFound('No such item.');
        if (item.status === 'reserved') {
          throw conflict(
            'item_reserved',
            'This item is reserved in a customer’s cart; release the hold before deleting it.',
          );
        }
        if (item.status === 'sold' || item.sold_at !== null) {
          throw conflict(
            'item_sold',
            'This item is sold; a sold item is kept as a record of the sale.',
          );
        }
        // Sold once, the sale cancelled since: the order still shows it (issue 30, item 18).
        if (item.order_number !== null) {
          throw conflict(
            'item_sold',
            `This item was sold in order ${item.order_number}; it is kept as a record of that sale. Unpublish it instead.`,
          );
        }
        const images = await itemPhotosRepository(trx).filesOfItem(trx, id);
        await adminItemsRepository(trx).delete(id);
        return filesOf(images);
      });
      await storage.remove(files);
    },

    /** reserved → available: the owner ends a customer's hold (issue 17, API 3). */
    async release(id: number): Promise<AdminItem> {
      if (!(await retried((repo) => repo.release(id, ctx.clock.now()), 'item.released', id))) {
        const status = await items.statusOf(id);
        if (status === undefined) throw notFound('No such item.');
        throw conflict(
          'invalid_transition',
          `Only a reserved item has a hold to release; this one is ${status}.`,
        );
      }
      ctx.metrics.holdsEnded.inc({ reason: 'released' });
      return get(id);
    },

    async unpublish(id: number): Promise<AdminItem> {
      if (!(await retried((repo) => repo.unpublish(id, ctx.clock.now()), 'item.unpublished', id)))
        await refuseTransition(id, 'unpublish');
      return get(id);
    },

    /** The admin's sale: committed first, then announced like a checkout (spec 3, spec 6). */
    async markSold(id: number): Promise<AdminItem> {
      const sold = await inTransaction(ctx.db, async (trx) => {
        if (!(await adminItemsRepository(trx).markSold(id, ctx.clock.now()))) return false;
        await sales.record(trx, { soldItemIds: [id], buyerId: null });
        return true;
      });
      if (!sold) await refuseTransition(id, 'mark-sold');
      await sales.announce({ soldItemIds: [id], buyerId: null });
      return get(id);
    },

    async restoreOriginal(itemId: number, imageId: number): Promise<AdminItem> {
      // Under the item's lock, like every photo change: a sale copying this photo
      // into an order line is either seen by the removal below or sees the original.
      const restored = await inTransaction(ctx.db, async (trx) => {
        await itemPhotosRepository(trx).lockItem(trx, itemId);
        return adminItemsRepository(trx).restoreOriginal(itemId, imageId);
      });
      if (!restored) {
        if (!(await writes.imageExists(itemId, imageId)))
          throw notFound('No such image on this item.');
        throw conflict('no_original', 'This image has no original to restore.');
      }
      // The cut-out and its variants go, unless a row still shows them (an order line).
      await storage.remove([restored.replaced, ...restored.replacedVariants.map((v) => v.path)]);
      // The original's list sizes; without them the image still shows at full size.
      await attachFreshVariants(ctx.db, storage, {
        id: imageId,
        path: restored.path,
        width: restored.width,
      });
      return get(itemId);
    },
  };
}

export type AdminItemsService = ReturnType<typeof adminItemsService>;
