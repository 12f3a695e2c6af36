import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ItemStatus, ItemsTable, StoredVariant } from '../../db/schema.js';
import { holdEnded } from '../commerce/cart.repository.js';
import type { DetailColumns } from './item-details.js';

/**
 * Item writes of the admin. Every status change is one guarded UPDATE whose
 * WHERE names the states it may leave, so two admins (or an admin and a
 * checkout) racing on one item cannot both win: the loser updates nothing.
 */
export function adminItemsRepository(db: Db) {
  /**
   * One guarded UPDATE: moves the item only from the listed states; false when
   * it did not move. With `expiredHoldAt`, a reservation whose time ran out by
   * then counts as released, even if the sweeper has not got to it yet, unless
   * a checkout is taking payment for it (docs/decisions.md, Commerce).
   */
  async function transition(
    id: number,
    from: ItemStatus[],
    set: Updateable<ItemsTable>,
    expiredHoldAt?: Date,
  ): Promise<boolean> {
    const row = await db
      .updateTable('items')
      .set(set)
      .where('id', '=', id)
      .where((eb) =>
        expiredHoldAt
          ? eb.or([eb('status', 'in', from), holdEnded(eb, expiredHoldAt)])
          : eb('status', 'in', from),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async create(
      trx: Db,
      values: {
        title: string;
        description: string;
        priceCents?: number;
        categoryId: number | null;
        details?: DetailColumns;
      },
    ): Promise<number> {
      const row = await trx
        .insertInto('items')
        .values({
          title: values.title,
          description: values.description,
          category_id: values.categoryId,
          ...values.details,
          // A person's price is 'manual'; without one the column defaults give 8000 'default'.
          ...(values.priceCents !== undefined
            ? { price_cents: values.priceCents, price_source: 'manual' as const }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(
      trx: Db,
      id: number,
      values: {
        title?: string;
        description?: string;
        priceCents?: number;
        categoryId?: number | null;
        details?: DetailColumns;
      },
      now: Date,
    ): Promise<boolean> {
      const row = await trx
        .updateTable('items')
        .set({
          updated_at: now,
          ...(values.title !== undefined ? { title: values.title } : {}),
          ...(values.description !== undefined ? { description: values.description } : {}),
          ...(values.priceCents !== undefined
            ? { price_cents: values.priceCents, price_source: 'manual' as const }
            : {}),
          ...(values.categoryId !== undefined ? { category_id: values.categoryId } : {}),
          ...values.details,
        })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The lock order of a tag edit (docs/decisions.md, Database): the item, then the
     * counts of its old and new tags together in tag id order (0023 keeps a row per
     * tag), as a publish or a sale of another item takes them, so the two can never
     * each hold a count the other waits for.
     */
    async replaceTags(trx: Db, id: number, tagIds: number[]): Promise<void> {
      await sql`
        SELECT 1 FROM items WHERE id = ${id} FOR NO KEY UPDATE`.execute(trx);
      await sql`
        SELECT 1 FROM tag_counts
        WHERE tag_id IN (SELECT tag_id FROM item_tags WHERE item_id = ${id})
           OR tag_id = ANY(${tagIds}::int[])
        ORDER BY tag_id FOR NO KEY UPDATE`.execute(trx);
      await trx.deleteFrom('item_tags').where('item_id', '=', id).execute();
      if (tagIds.length > 0) {
        await trx
          .insertInto('item_tags')
          .values(tagIds.map((tag_id) => ({ item_id: id, tag_id })))
          .execute();
      }
    },

    /** pending → available (spec 3: mark-available, labelled Publish). */
    publish: (id: number, now: Date) =>
      transition(id, ['pending'], { status: 'available', published_at: now, updated_at: now }),

    /** available (or pending, a no-op) → pending; never from reserved (a live hold) or sold (spec 3). */
    unpublish: (id: number, now: Date) =>
      transition(
        id,
        ['pending', 'available'],
        {
          status: 'pending',
          updated_at: now,
          reserved_by: null,
          reserved_until: null,
          checkout_key: null,
          checkout_until: null,
        },
        now,
      ),

    /**
     * Any state but sold → sold, by the admin: no buyer is recorded, any hold is
     * dropped. The admin wins over a checkout taking payment: its sale is then
     * not recorded and the payment is voided.
     */
    markSold: (id: number, now: Date) =>
      transition(id, ['pending', 'available', 'reserved'], {
        status: 'sold',
        sold_at: now,
        updated_at: now,
        reserved_by: null,
        reserved_until: null,
        checkout_key: null,
        checkout_until: null,
      }),

    /**
     * The owner ends a hold (issue 17, API 3): the item is back on sale at once,
     * any checkout claim with it (that checkout then records no sale, like a
     * disable). The customer's cart no longer shows it.
     */
    release: (id: number, now: Date) =>
      transition(id, ['reserved'], {
        status: 'available',
        updated_at: now,
        reserved_by: null,
        reserved_until: null,
        checkout_key: null,
        checkout_until: null,
      }),

    /**
     * Locks the item row for a delete; its state then, and the number of an order
     * it is a line of (a cancelled one too: the record of a sale), or undefined
     * when there is no item.
     */
    lockForDelete(id: number) {
      return db
        .selectFrom('items')
        .select(['status', 'sold_at'])
        .select(
          sql<string | null>`(
            SELECT o.number FROM order_lines l JOIN orders o ON o.id = l.order_id
            WHERE l.item_id = items.id ORDER BY o.id DESC LIMIT 1)`.as('order_number'),
        )
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The row and, by cascade, its images, tags, draft and favorites. */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('items').where('id', '=', id).execute();
    },

    /**
     * Puts the original photo back: the image row points at the original again
     * and forgets it had one. Returns the cut-out's path so its file can go, or
     * undefined when the image has no original (or is not this item's).
     */
    async restoreOriginal(
      itemId: number,
      imageId: number,
    ): Promise<
      | { replaced: string; replacedVariants: StoredVariant[]; path: string; width: number }
      | undefined
    > {
      // The cut-out's variants go with it; the original's are made after the commit.
      const { rows } = await sql<{
        replaced: string;
        replaced_variants: StoredVariant[];
        path: string;
        width: number;
      }>`
        UPDATE item_images AS im
        SET path = im.original_image_path, original_image_path = NULL, variants = '[]'::jsonb
        FROM item_images AS before
        WHERE im.id = ${imageId} AND im.item_id = ${itemId} AND im.original_image_path IS NOT NULL
          AND before.id = im.id
        RETURNING before.path AS replaced, before.variants AS replaced_variants, im.path, im.width`.execute(
        db,
      );
      const row = rows[0];
      return (
        row && {
          replaced: row.replaced,
          replacedVariants: row.replaced_variants,
          path: row.path,
          width: row.width,
        }
      );
    },

    async imageExists(itemId: number, imageId: number): Promise<boolean> {
      const row = await db
        .selectFrom('item_images')
        .select('id')
        .where('id', '=', imageId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
