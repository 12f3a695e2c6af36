import { type Insertable, sql, type Updateable } from 'kysely';
import { emailLookupForms } from '../../auth/email.js';
import { digestToken, isWellFormedToken } from '../../auth/tokens.js';
import type { ShopLanguage } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CustomersTable } from '../../db/schema.js';
import { isStorableText } from '../../db/storable-text.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';

/** Every column but the password hash. */
const CUSTOMER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'email_verified',
  'marketing_consent',
  'marketing_consent_text',
  'marketing_consent_at',
  'sold_notifications',
  'sold_notifications_at',
  'sold_notifications_text',
  'disabled_at',
  'language',
  'created_at',
  'updated_at',
] as const;

const prefixed = CUSTOMER_COLUMNS.map((column) => `customers.${column}` as const);

/** All SQL about customer rows. Takes the app's db or a transaction. */
export function customersRepository(db: Db) {
  // The unique index is on lower(email); query it the same way so it is used. Stored
  // addresses are canonical (auth/email.ts); older rows may have the lower-cased form.
  const byEmail = (email: string) =>
    sql<boolean>`lower(email) IN (${sql.join(emailLookupForms(email))})`;

  return {
    /** With the password hash: for sign-in and the checks that need it. */
    async findByEmail(email: string) {
      // Text no row can hold matches no row (sign-in and reset requests take any text).
      if (!isStorableText(email)) return undefined;
      return db.selectFrom('customers').selectAll().where(byEmail(email)).executeTakeFirst();
    },

    /** Only whether the address is taken, by anyone but `exceptId`. */
    async isEmailTaken(email: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('customers').select('id').where(byEmail(email));
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The language the customer chose for mail and pages; null: the shop's (issue 37). */
    async languageOf(id: number): Promise<ShopLanguage | null> {
      const row = await db
        .selectFrom('customers')
        .select('language')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.language ?? null;
    },

    async passwordHashOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('customers')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /**
     * Locks the row for the rest of the transaction and reads it as committed
     * now: the first lock of every account operation (docs/decisions.md, lock
     * order), so two mints, a mint and a disable, or a sign-in and a disable for
     * one customer happen one after the other and each sees the other's result.
     * NO KEY UPDATE is enough to exclude every other writer of the row while
     * leaving foreign-key checks (a session or hold being inserted) unblocked.
     */
    lockById(id: number): Promise<SignedInCustomer | undefined> {
      return db
        .selectFrom('customers')
        .select(CUSTOMER_COLUMNS)
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /**
     * The enabled customer behind a live session token (spec 5): token digest,
     * expiry and disabled_at are checked in one query.
     */
    async findBySessionToken(
      token: string,
      now: Date,
    ): Promise<{ customer: SignedInCustomer; expiresAt: Date } | null> {
      if (!isWellFormedToken(token)) return null;
      const row = await db
        .selectFrom('customer_sessions')
        .innerJoin('customers', 'customers.id', 'customer_sessions.customer_id')
        .select(prefixed)
        .select('customer_sessions.expires_at as session_expires_at')
        .where('customer_sessions.token_digest', '=', digestToken(token))
        .where('customer_sessions.expires_at', '>', now)
        .where('customers.disabled_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const { session_expires_at, ...customer } = row;
      return { customer, expiresAt: session_expires_at };
    },

    insert(values: Insertable<CustomersTable>): Promise<SignedInCustomer> {
      return db
        .insertInto('customers')
        .values(values)
        .returning(CUSTOMER_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    update(id: number, values: Updateable<CustomersTable>): Promise<SignedInCustomer> {
      return db
        .updateTable('customers')
        .set(values)
        .where('id', '=', id)
        .returning(CUSTOMER_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Sessions, tokens and favorites go with it (ON DELETE CASCADE); sold items keep the sale (SET NULL). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('customers').where('id', '=', id).execute();
    },
  };
}
