import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DraftCutout, DraftErrorCode, DraftState, StoredVariant } from '../../db/schema.js';
import type { CategoryChoice, Suggestions, TagChoice } from './suggestions.js';

export interface DraftWork {
  id: number;
  item_id: number;
  note: string;
  remove_background: boolean;
}

export interface DraftImage {
  id: number;
  path: string;
  original_image_path: string | null;
}

/** The draft's item is still pending: the drafting step changes nothing else. */
const ITEM_PENDING = sql<boolean>`EXISTS (
  SELECT 1 FROM items i WHERE i.id = item_drafts.item_id AND i.status = 'pending')`;

/**
 * The worker's SQL. Every write of a run is fenced on (state, attempts): a run
 * whose job was claimed again after its lease lapsed cannot write its result
 * over the newer run's, so each draft takes effect once.
 */
export function draftingRepository(db: Db) {
  return {
    /**
     * queued (or a lapsed processing) → processing for this attempt, while its
     * item is pending; undefined when the draft is not waiting or its item left
     * pending (see `endLeftPending`).
     */
    async startRun(
      draftId: number,
      attempt: number,
      now: Date,
      leaseUntil: Date,
    ): Promise<DraftWork | undefined> {
      return db
        .updateTable('item_drafts')
        .set({
          state: 'processing',
          attempts: attempt,
          claimed_at: now,
          lease_until: leaseUntil,
        })
        .where('id', '=', draftId)
        .where('state', 'in', ['queued', 'processing'])
        .where(ITEM_PENDING)
        .returning(['id', 'item_id', 'note', 'remove_background'])
        .executeTakeFirst();
    },

    /**
     * A waiting draft whose item was published (or held, or sold) before its run:
     * the step changes only pending items, so it ends failed with the reason; a
     * re-run drafts it once the item is pending again.
     */
    async endLeftPending(draftId: number, attempt: number): Promise<void> {
      await db
        .updateTable('item_drafts')
        .set({
          state: 'failed',
          attempts: attempt,
          lease_until: null,
          last_error:
            'Not drafted: the item was published before the drafting step reached it. ' +
            'Unpublish it and draft again for suggestions.',
          last_error_code: 'published_first',
        })
        .where('id', '=', draftId)
        .where('state', 'in', ['queued', 'processing'])
        .where('attempts', '<=', attempt)
        .where(sql<boolean>`NOT ${ITEM_PENDING}`)
        .execute();
    },

    images(itemId: number): Promise<DraftImage[]> {
      return db
        .selectFrom('item_images')
        .select(['id', 'path', 'original_image_path'])
        .where('item_id', '=', itemId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /**
     * The cut-out becomes the image; the photo it came from is kept as the
     * original (spec 2: non-null means it can be restored). Only while the image
     * is still the photo that was cut and has not been cut before, and its item
     * is pending (a published photo is never swapped unseen). The original's
     * width variants are returned so their files can go; the cut-out gets its own.
     */
    async applyCutout(
      imageId: number,
      from: string,
      to: string,
    ): Promise<{ width: number; replacedVariants: StoredVariant[] } | undefined> {
      const { rows } = await sql<{ width: number; replaced_variants: StoredVariant[] }>`
        UPDATE item_images AS im
        SET path = ${to}, original_image_path = ${from}, variants = '[]'::jsonb
        FROM item_images AS before
        WHERE im.id = ${imageId} AND im.path = ${from} AND im.original_image_path IS NULL
          AND before.id = im.id
          AND EXISTS (SELECT 1 FROM items i WHERE i.id = im.item_id AND i.status = 'pending')
        RETURNING im.width, before.variants AS replaced_variants`.execute(db);
      const row = rows[0];
      return row && { width: row.width, replacedVariants: row.replaced_variants };
    },

    /** The category tree as paths ("Furniture / Tables") and the tag registry, for the model. */
    async choices(): Promise<{ categories: CategoryChoice[]; tags: TagChoice[] }> {
      const { rows: categories } = await sql<CategoryChoice>`
        WITH RECURSIVE tree AS (
          SELECT id, name::text AS path, 1 AS depth FROM categories WHERE parent_id IS NULL
          UNION ALL
          SELECT c.id, tree.path || ' / ' || c.name, tree.depth + 1
          FROM categories c JOIN tree ON c.parent_id = tree.id
          WHERE tree.depth < 20)
        SELECT id, path FROM tree ORDER BY path LIMIT 2000`.execute(db);
      const tags = await db
        .selectFrom('tags')
        .select(['id', 'slug', 'name'])
        .orderBy('name')
        .limit(2000)
        .execute();
      return { categories, tags };
    },

    /** processing → drafted with what the run produced; false when this run no longer holds the draft. */
    async finishDrafted(
      trx: Db,
      draftId: number,
      attempt: number,
      result: {
        suggestions: Suggestions | null;
        model: string | null;
        cutouts: DraftCutout[];
        now: Date;
      },
    ): Promise<boolean> {
      const row = await trx
        .updateTable('item_drafts')
        .set({
          state: 'drafted',
          suggestions: result.suggestions ? JSON.stringify(result.suggestions) : null,
          model: result.model,
          cutouts: JSON.stringify(result.cutouts),
          drafted_at: result.now,
          lease_until: null,
          last_error: null,
          last_error_code: null,
        })
        .where('id', '=', draftId)
        .where('state', '=', 'processing')
        .where('attempts', '=', attempt)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The model's price goes on the item only while no person has set one
     * ('manual' always wins, so a late draft never overwrites an edit) and only
     * while the item is pending: a draft that finishes after the item was
     * published, held or sold never reprices it unseen (issue 30, item 16). The
     * guard is in the UPDATE, so a publish that commits first is seen here.
     */
    async writeModelPrice(trx: Db, itemId: number, priceCents: number, now: Date): Promise<void> {
      await trx
        .updateTable('items')
        .set({ price_cents: priceCents, price_source: 'model', updated_at: now })
        .where('id', '=', itemId)
        .where('status', '=', 'pending')
        .where('price_source', '<>', 'manual')
        .execute();
    },

    /**
     * Drafting is paused (the model server is away): the draft waits as queued,
     * saying why; a processing draft only when its run's lease lapsed.
     */
    async noteWaiting(draftId: number, message: string, now: Date): Promise<void> {
      await db
        .updateTable('item_drafts')
        .set({ state: 'queued', last_error: message, last_error_code: 'paused', lease_until: null })
        .where('id', '=', draftId)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'queued'),
            eb.and([eb('state', '=', 'processing'), eb('lease_until', '<=', now)]),
          ]),
        )
        .execute();
    },

    /** A failed run: back to queued (it will be retried) or failed (it will not), with its error. */
    async endRun(
      draftId: number,
      attempt: number,
      state: Extract<DraftState, 'queued' | 'failed'>,
      error: string,
      code: Exclude<DraftErrorCode, 'published_first'> = 'run_failed',
    ): Promise<void> {
      await db
        .updateTable('item_drafts')
        .set({ state, last_error: error, last_error_code: code, lease_until: null })
        .where('id', '=', draftId)
        .where('state', 'in', ['queued', 'processing'])
        // A newer run (a later attempt) is never ended by an older one.
        .where('attempts', '<=', attempt)
        .execute();
    },
  };
}

export type DraftingRepository = ReturnType<typeof draftingRepository>;
