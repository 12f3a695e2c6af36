import type { Db } from '../../db/database.js';
import type { PostalAddress } from '../../db/schema.js';

const COLUMNS = [
  'id',
  'name',
  'line1',
  'line2',
  'postal_code',
  'city',
  'country',
  'phone',
] as const;

/** The address book of a customer: every statement is scoped to its owner. */
export function addressesRepository(db: Db) {
  return {
    list(customerId: number) {
      return db
        .selectFrom('customer_addresses')
        .select(COLUMNS)
        .where('customer_id', '=', customerId)
        .orderBy('id')
        .execute();
    },

    get(customerId: number, id: number) {
      return db
        .selectFrom('customer_addresses')
        .select(COLUMNS)
        .where('customer_id', '=', customerId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async count(customerId: number): Promise<number> {
      const row = await db
        .selectFrom('customer_addresses')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    create(customerId: number, address: PostalAddress, now: Date) {
      return db
        .insertInto('customer_addresses')
        .values({ customer_id: customerId, ...address, created_at: now, updated_at: now })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    update(customerId: number, id: number, address: PostalAddress, now: Date) {
      return db
        .updateTable('customer_addresses')
        .set({ ...address, updated_at: now })
        .where('customer_id', '=', customerId)
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    async remove(customerId: number, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('customer_addresses')
        .where('customer_id', '=', customerId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
