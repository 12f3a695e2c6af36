import { sql } from 'kysely';
import { emailLookupForms, normaliseEmail } from '../../auth/email.js';
import type { Db } from '../../db/database.js';

export function adminsRepository(db: Db) {
  return {
    findByEmail(email: string) {
      return db
        .selectFrom('admins')
        .selectAll()
        .where('email', 'in', emailLookupForms(email))
        .executeTakeFirst();
    },

    findById(id: number) {
      return db
        .selectFrom('admins')
        .select(['id', 'email', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new password hash for the admin with that address; their id, or undefined when none. */
    async setPasswordHash(email: string, passwordHash: string): Promise<number | undefined> {
      const row = await db
        .updateTable('admins')
        .set({ password_hash: passwordHash })
        .where(sql`lower(email)`, 'in', emailLookupForms(email))
        .returning('id')
        .executeTakeFirst();
      return row?.id;
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
