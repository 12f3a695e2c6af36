import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../http/errors.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { addressesRepository } from './addresses.repository.js';
import type { AddressInput } from './orders.schemas.js';
import { normaliseAddress } from './orders.service.js';

/** A limit on what one account may store (conventions: limits on everything a stranger sends). */
export const MAX_SAVED_ADDRESSES = 10;

/** Saved shipping addresses on the account (issue 18 item 3), picked at checkout by id. */
export function addressesService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const addresses = addressesRepository(ctx.db);
  return {
    async list(customerId: number) {
      return { addresses: await addresses.list(customerId) };
    },

    create(customerId: number, input: AddressInput) {
      return inTransaction(ctx.db, async (trx) => {
        // The customer row's lock makes the count and the insert one step (two tabs, one limit).
        await customersRepository(trx).lockById(customerId);
        const book = addressesRepository(trx);
        if ((await book.count(customerId)) >= MAX_SAVED_ADDRESSES) {
          throw conflict(
            'too_many_addresses',
            `An account keeps at most ${MAX_SAVED_ADDRESSES} addresses; delete one first.`,
          );
        }
        return book.create(customerId, normaliseAddress(input), ctx.clock.now());
      });
    },

    async update(customerId: number, id: number, input: AddressInput) {
      const row = await addresses.update(customerId, id, normaliseAddress(input), ctx.clock.now());
      if (!row) throw notFound('No such address.');
      return row;
    },

    async remove(customerId: number, id: number): Promise<void> {
      if (!(await addresses.remove(customerId, id))) throw notFound('No such address.');
    },
  };
}
