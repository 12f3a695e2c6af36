import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { withColour } from '../storefront/tag-colour.js';
import { slugify } from './slugs.js';

const tagExists = () => conflict('tag_exists', 'A tag with this slug already exists.', 'slug');

export function tagsService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function withCount(id: number) {
    const row = await db
      .selectFrom('tags as t')
      .select([
        't.id',
        't.name',
        't.slug',
        sql<number>`(SELECT count(*)::int FROM item_tags it WHERE it.tag_id = t.id)`.as(
          'item_count',
        ),
      ])
      .where('t.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('No such tag.');
    return withColour(row);
  }

  return {
    async list() {
      const rows = await db
        .selectFrom('tags as t')
        .leftJoin('item_tags as it', 'it.tag_id', 't.id')
        .select(['t.id', 't.name', 't.slug', sql<number>`count(it.item_id)::int`.as('item_count')])
        .groupBy('t.id')
        .orderBy('t.name')
        .execute();
      return { tags: rows.map(withColour) };
    },

    /** The slug is the tag's identity: taken (given or derived from the name) is 409 tag_exists. */
    async create(body: { name: string; slug?: string }) {
      const name = body.name.trim();
      const slug = body.slug ?? slugify(name);
      if (!slug)
        // The request is at fault, not the registry's state: 400, not 409.
        throw badRequest(
          'invalid_slug',
          'The name has no letters or digits to make a slug from; give a slug.',
          'slug',
        );
      try {
        const row = await db
          .insertInto('tags')
          .values({ name, slug })
          .returning('id')
          .executeTakeFirstOrThrow();
        return withCount(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw tagExists();
        throw error;
      }
    },

    async update(id: number, body: { name?: string; slug?: string }) {
      try {
        const row = await db
          .updateTable('tags')
          .set({
            ...(body.name !== undefined ? { name: body.name.trim() } : {}),
            ...(body.slug !== undefined ? { slug: body.slug } : {}),
          })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw notFound('No such tag.');
        return withCount(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw tagExists();
        throw error;
      }
    },

    /**
     * Deleting a tag removes it from every item (item_tags cascade). Retried on a
     * deadlock: the cascade locks the tag's items while an item edit may hold one of
     * them and wait for this tag's count.
     */
    async remove(id: number): Promise<void> {
      const result = await inTransaction(db, (trx) =>
        trx.deleteFrom('tags').where('id', '=', id).executeTakeFirst(),
      );
      if (result.numDeletedRows === 0n) throw notFound('No such tag.');
    },
  };
}
