import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { DraftState } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { type AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { idFromCursorText } from '../../http/id-cursor.js';
import { type MediaUrl, mediaUrlFor } from '../../media/storage.js';
import { adminItemsRepository } from '../catalogue/admin-items.repository.js';
import { detailColumnsOf } from '../catalogue/item-details.js';
import { queueDraft } from './draft-jobs.js';
import { type DraftRow, draftReviewRepository } from './draft-review.repository.js';
import type { AcceptDraftBody, Draft, DraftListQuery } from './drafts.schemas.js';
import { draftProviderFrom } from './providers.js';

/** Dismissing touches only the draft, so it is allowed whatever the item's status. */
const DISMISSABLE: DraftState[] = ['queued', 'drafted', 'failed'];

function draftOf(row: DraftRow, mediaUrl: MediaUrl): Draft {
  const { photos, ...rest } = row;
  return {
    ...rest,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: mediaUrl(photo.path),
      width: photo.width,
      height: photo.height,
      position: photo.position,
      has_original: photo.original_image_path !== null,
      original_url: photo.original_image_path ? mediaUrl(photo.original_image_path) : null,
    })),
  };
}

/** A reference the person chose (or the model suggested) that is gone now: the body's fault. */
function refusedReference(error: unknown): never {
  if (isForeignKeyViolation(error, 'items_category_id_fkey'))
    throw badRequest('invalid_body', 'There is no category with that id.', 'category_id');
  if (isForeignKeyViolation(error, 'item_tags_tag_id_fkey'))
    throw badRequest('invalid_body', 'One of the tag ids names no tag.', 'tag_ids');
  throw error;
}

/**
 * Accept and re-run act on the item, so only while it is pending: once it was
 * published, held or sold a person edits it directly (issue 30, item 16).
 */
function itemNotPending(status: string): AppError {
  return conflict(
    'item_not_pending',
    `This item is ${status} now; a draft’s suggestions apply only while its item is pending. ` +
      (status === 'available'
        ? 'Edit the item itself, or unpublish it first.'
        : 'Edit the item itself.'),
  );
}

/**
 * The admin's review of drafts: list, accept all or part of the suggestions
 * into the item, re-run, dismiss. Publishing stays a person's separate act
 * (spec 3): nothing here changes an item's status.
 */
export function draftReviewService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const mediaUrl = mediaUrlFor(ctx.config);
  // What this server's drafting step would use: the inbox says what a model adds when there is none.
  const configuredModel = draftProviderFrom(ctx.config.drafting).model;
  const drafts = draftReviewRepository(ctx.db);
  const items = adminItemsRepository(ctx.db);

  async function get(id: number): Promise<Draft> {
    const row = await drafts.find(ctx.db, id);
    if (!row) throw notFound('No such draft.');
    return draftOf(row, mediaUrl);
  }

  async function refuse(id: number, action: string, from: DraftState[]): Promise<never> {
    const found = await drafts.stateOf(ctx.db, id);
    if (found === undefined) throw notFound('No such draft.');
    const { state, itemStatus } = found;
    if (from.includes(state) && itemStatus !== 'pending') throw itemNotPending(itemStatus);
    const allowed = from.join(', ').replace(/, (\w+)$/, ' or $1');
    throw conflict(
      state === 'processing' ? 'draft_busy' : 'invalid_transition',
      state === 'processing'
        ? `This draft is being drafted right now; ${action} it when it is done.`
        : `Only a ${allowed} draft can be ${action === 're-run' ? 're-run' : `${action}ed`}; this one is ${state}.`,
    );
  }

  return {
    get,

    async list(query: DraftListQuery) {
      const limit = query.limit ?? 24;
      const rows = await drafts.list({
        limit,
        ...(query.state ? { state: query.state } : {}),
        ...(query.item_pending !== undefined ? { itemPending: query.item_pending } : {}),
        ...(query.cursor ? { before: idFromCursorText(query.cursor) } : {}),
      });
      const page = rows.slice(0, limit);
      return {
        drafts: page.map((row) => draftOf(row, mediaUrl)),
        next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null,
        configured_model: configuredModel,
      };
    },

    async accept(id: number, body: AcceptDraftBody): Promise<Draft> {
      const now = ctx.clock.now();
      // Retried on a deadlock: taking suggested tags locks tag counts (0023).
      const moved = await inTransaction(ctx.db, async (trx) => {
        const draft = await drafts.move(trx, id, ['drafted'], 'accepted', now, {
          itemPending: true,
        });
        if (!draft) return false;
        const s = draft.suggestions;
        const takes = Object.values(body).some((value) => value === true);
        if (takes && !s)
          throw conflict(
            'no_suggestions',
            'This draft has no suggestions to take; send the values themselves.',
          );
        const pick = <T>(value: true | T | undefined, suggested: () => T): T | undefined =>
          value === true ? suggested() : value;
        const applied = await drafts.applyToItem(
          trx,
          draft.item_id,
          {
            ...(body.title !== undefined
              ? { title: pick(body.title, () => s!.title)!.trim() }
              : {}),
            ...(body.description !== undefined
              ? { description: pick(body.description, () => s!.description)! }
              : {}),
            ...(body.price_cents !== undefined
              ? {
                  price:
                    body.price_cents === true
                      ? { cents: s!.price_cents, source: 'model' as const }
                      : { cents: body.price_cents, source: 'manual' as const },
                }
              : {}),
            ...(body.category_id !== undefined
              ? { categoryId: pick(body.category_id, () => s!.category_id)! }
              : {}),
            details: detailColumnsOf({
              ...(body.condition !== undefined
                ? { condition: pick(body.condition, () => s!.condition ?? undefined) }
                : {}),
              ...(body.weight_grams !== undefined
                ? { weight_grams: pick(body.weight_grams, () => s!.weight_grams ?? undefined) }
                : {}),
              ...(body.dimensions !== undefined
                ? { dimensions: pick(body.dimensions, () => s!.dimensions ?? undefined) }
                : {}),
            }),
          },
          now,
        );
        // Published or sold since the draft moved: the whole accept is undone.
        if (!applied) throw itemNotPending((await drafts.stateOf(trx, id))!.itemStatus);
        if (body.tag_ids !== undefined)
          await items.replaceTags(trx, draft.item_id, pick(body.tag_ids, () => s!.tag_ids)!);
        return true;
      }).catch(refusedReference);
      if (!moved) await refuse(id, 'accept', ['drafted']);
      return get(id);
    },

    /** Back to queued with a fresh job; refused while a run is under way. */
    async rerun(id: number): Promise<Draft> {
      const from: DraftState[] = ['drafted', 'failed', 'accepted', 'dismissed'];
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const draft = await drafts.move(trx, id, from, 'queued', ctx.clock.now(), {
          itemPending: true,
        });
        if (!draft) return false;
        // The job of the last run has not quite finished its bookkeeping: try again shortly.
        if ((await queueDraft(trx, id, ctx.clock.now())) === null)
          throw conflict('draft_busy', 'This draft’s last run is still finishing; try again.');
        return true;
      });
      if (!moved) await refuse(id, 're-run', from);
      return get(id);
    },

    /** The suggestions are set aside; the item stays as it is (pending, for a person to write). */
    async dismiss(id: number): Promise<Draft> {
      const moved = await ctx.db
        .transaction()
        .execute(
          async (trx) =>
            (await drafts.move(trx, id, DISMISSABLE, 'dismissed', ctx.clock.now())) !== undefined,
        );
      if (!moved) await refuse(id, 'dismiss', DISMISSABLE);
      return get(id);
    },
  };
}

export type DraftReviewService = ReturnType<typeof draftReviewService>;
