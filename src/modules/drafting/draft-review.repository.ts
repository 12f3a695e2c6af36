import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DraftCutout, DraftErrorCode, DraftState, PriceSource } from '../../db/schema.js';
import type { DetailColumns } from '../catalogue/item-details.js';
import type { Suggestions } from './suggestions.js';

export interface DraftRow {
  id: number;
  item_id: number;
  state: DraftState;
  note: string;
  remove_background: boolean;
  created_at: Date;
  attempts: number;
  last_error: string | null;
  last_error_code: DraftErrorCode | null;
  lease_until: Date | null;
  drafted_at: Date | null;
  reviewed_at: Date | null;
  model: string | null;
  suggestions: Suggestions | null;
  cutouts: DraftCutout[];
  link: { id: number; label: string | null; contact_email: string | null } | null;
  item: { title: string; status: string; price_cents: number; price_source: PriceSource };
  photos: Array<{
    id: number;
    path: string;
    original_image_path: string | null;
    width: number;
    height: number;
    position: number;
  }>;
}

// Photos and the link come as JSON in the same statement: one round trip per page.
const PHOTOS = sql<DraftRow['photos']>`(
  SELECT coalesce(json_agg(json_build_object(
           'id', im.id, 'path', im.path, 'original_image_path', im.original_image_path,
           'width', im.width, 'height', im.height, 'position', im.position)
         ORDER BY im.position, im.id), '[]'::json)
  FROM item_images im WHERE im.item_id = d.item_id)`;

const LINK = sql<DraftRow['link']>`(
  SELECT json_build_object('id', l.id, 'label', l.label, 'contact_email', l.contact_email)
  FROM upload_links l WHERE l.id = d.upload_link_id)`;

const ITEM = sql<DraftRow['item']>`json_build_object(
  'title', i.title, 'status', i.status, 'price_cents', i.price_cents, 'price_source', i.price_source)`;

/** The admin's reads and writes of drafts. Transitions are single guarded UPDATEs. */
export function draftReviewRepository(db: Db) {
  function query(trx: Db) {
    return trx
      .selectFrom('item_drafts as d')
      .innerJoin('items as i', 'i.id', 'd.item_id')
      .select([
        'd.id',
        'd.item_id',
        'd.state',
        'd.note',
        'd.remove_background',
        'd.created_at',
        'd.attempts',
        'd.last_error',
        'd.last_error_code',
        'd.lease_until',
        'd.drafted_at',
        'd.reviewed_at',
        'd.model',
        sql<Suggestions | null>`d.suggestions`.as('suggestions'),
        'd.cutouts',
      ])
      .select([LINK.as('link'), ITEM.as('item'), PHOTOS.as('photos')]);
  }

  return {
    /**
     * Newest first, optionally in one state and by whether the item is still pending;
     * `before` is the last id of the previous page.
     */
    list(filter: {
      state?: DraftState;
      itemPending?: boolean;
      limit: number;
      before?: number;
    }): Promise<DraftRow[]> {
      let q = query(db)
        .orderBy('d.id', 'desc')
        .limit(filter.limit + 1);
      if (filter.state) q = q.where('d.state', '=', filter.state);
      if (filter.itemPending !== undefined)
        q = q.where('i.status', filter.itemPending ? '=' : '<>', 'pending');
      if (filter.before !== undefined) q = q.where('d.id', '<', filter.before);
      return q.execute() as Promise<DraftRow[]>;
    },

    find(trx: Db, id: number): Promise<DraftRow | undefined> {
      return query(trx).where('d.id', '=', id).executeTakeFirst() as Promise<DraftRow | undefined>;
    },

    /** The draft's state and its item's status, for saying why a transition was refused. */
    stateOf(trx: Db, id: number): Promise<{ state: DraftState; itemStatus: string } | undefined> {
      return trx
        .selectFrom('item_drafts as d')
        .innerJoin('items as i', 'i.id', 'd.item_id')
        .select(['d.state', 'i.status as itemStatus'])
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * from → to; the suggestions and item when it moved, undefined when it did not.
     * `itemPending`: only while the draft's item is still pending (accept, re-run).
     */
    async move(
      trx: Db,
      id: number,
      from: DraftState[],
      to: DraftState,
      now: Date,
      options: { itemPending?: boolean } = {},
    ): Promise<{ item_id: number; suggestions: Suggestions | null } | undefined> {
      const reset =
        to === 'queued'
          ? {
              attempts: 0,
              last_error: null,
              last_error_code: null,
              lease_until: null,
              reviewed_at: null,
            }
          : { reviewed_at: now };
      let update = trx
        .updateTable('item_drafts')
        .set({ state: to, ...reset })
        .where('id', '=', id)
        .where('state', 'in', from);
      if (options.itemPending)
        update = update.where(
          sql<boolean>`EXISTS (SELECT 1 FROM items i WHERE i.id = item_drafts.item_id AND i.status = 'pending')`,
        );
      return update
        .returning(['item_id', sql<Suggestions | null>`suggestions`.as('suggestions')])
        .executeTakeFirst();
    },

    /**
     * Applies accepted fields to the item; a price taken from the model is 'model',
     * an edited one 'manual'. Only to a pending item: false when it is not (a
     * publish or sale committed since the draft moved; the guard in the UPDATE
     * waits for it and sees it), and then nothing was written.
     */
    async applyToItem(
      trx: Db,
      itemId: number,
      fields: {
        title?: string;
        description?: string;
        price?: { cents: number; source: PriceSource };
        categoryId?: number | null;
        details?: DetailColumns;
      },
      now: Date,
    ): Promise<boolean> {
      const applied = await trx
        .updateTable('items')
        .set({
          updated_at: now,
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.price
            ? { price_cents: fields.price.cents, price_source: fields.price.source }
            : {}),
          ...(fields.categoryId !== undefined ? { category_id: fields.categoryId } : {}),
          ...fields.details,
        })
        .where('id', '=', itemId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      return applied !== undefined;
    },
  };
}
