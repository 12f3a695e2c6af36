import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { itemsRepository } from '../storefront/items.repository.js';
import { categoryTree } from '../storefront/storefront.service.js';
import { slugify } from './slugs.js';

const COLUMNS = ['id', 'name', 'slug', 'parent_id'] as const;

/** A slug for a new name: the name's own, or with -2, -3, … when taken. */
async function freeSlug(db: Db, name: string, table: 'categories' | 'tags'): Promise<string> {
  const base = slugify(name) || 'unnamed';
  const taken = new Set(
    (await db.selectFrom(table).select('slug').where('slug', 'like', `${base}%`).execute()).map(
      (row) => row.slug,
    ),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function categoriesService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  const slugTaken = () => conflict('slug_taken', 'Another category already has this slug.', 'slug');
  const noParent = () =>
    badRequest('invalid_body', 'There is no category with that parent_id.', 'parent_id');

  return {
    tree: async () => ({ categories: categoryTree(await itemsRepository(db).categories()) }),

    async create(body: { name: string; slug?: string; parent_id?: number | null }) {
      const name = body.name.trim();
      try {
        return await db
          .insertInto('categories')
          .values({
            name,
            slug: body.slug ?? (await freeSlug(db, name, 'categories')),
            parent_id: body.parent_id ?? null,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        if (isForeignKeyViolation(error)) throw noParent();
        throw error;
      }
    },

    /** Rename or move. A parent that is the category itself or lies beneath it would make a cycle: 409. */
    async update(id: number, body: { name?: string; slug?: string; parent_id?: number | null }) {
      try {
        // Retried on a deadlock: a move rewrites its items' paths while an item edit
        // may hold one of them and wait to read a moved category's path (0023).
        return await inTransaction(db, async (trx) => {
          if (body.parent_id != null) {
            // One move at a time, so two crossing moves cannot together close a loop.
            await sql`SELECT pg_advisory_xact_lock(hashtext('categories:move'))`.execute(trx);
            const { rows } = await sql<{ id: number }>`
              WITH RECURSIVE below(id) AS (
                SELECT ${id}::int
                UNION SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id)
              SELECT id FROM below WHERE id = ${body.parent_id}`.execute(trx);
            if (rows.length > 0) {
              throw conflict(
                'category_cycle',
                'A category cannot move under itself or one of its own subcategories.',
                'parent_id',
              );
            }
          }
          const row = await trx
            .updateTable('categories')
            .set({
              ...(body.name !== undefined ? { name: body.name.trim() } : {}),
              ...(body.slug !== undefined ? { slug: body.slug } : {}),
              ...(body.parent_id !== undefined ? { parent_id: body.parent_id } : {}),
            })
            .where('id', '=', id)
            .returning(COLUMNS)
            .executeTakeFirst();
          if (!row) throw notFound('No such category.');
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        if (isForeignKeyViolation(error)) throw noParent();
        throw error;
      }
    },

    /** Refused while anything hangs on it: subcategories or items (the foreign keys say so). */
    async remove(id: number): Promise<void> {
      try {
        const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows === 0n) throw notFound('No such category.');
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw conflict(
            'category_in_use',
            'This category still has subcategories or items; move or delete them first.',
          );
        }
        throw error;
      }
    },
  };
}
