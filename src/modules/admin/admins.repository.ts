import { sql } from 'kysely';
import { normaliseEmail } from '../../auth/email.js';
import type { Db } from '../../db/database.js';

export function adminsRepository(db: Db) {
  return {
    findByEmail(email: string) {
      return db
        .selectFrom('admins')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
    },

    findById(id: number) {
      return db
        .selectFrom('admins')
        .select(['id', 'email', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Inserts unless an admin with that address exists; true when a row was written. */
    async insertIfAbsent(email: string, passwordHash: string): Promise<boolean> {
      const inserted = await db
        .insertInto('admins')
        .values({ email: normaliseEmail(email), password_hash: passwordHash })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
