import { verifyPassword } from '../../auth/passwords.js';
import { digestToken, isWellFormedToken } from '../../auth/tokens.js';
import { inTransaction } from '../../db/transaction.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { forbidden } from '../../http/errors.js';
import { cartRepository } from '../commerce/cart.repository.js';
import { documentsOf } from '../invoices/documents-of.js';
import { addressesRepository } from '../orders/addresses.repository.js';
import { orderRefundsRepository } from '../orders/order-refunds.js';
import { orderReturnsRepository } from '../orders/order-returns.repository.js';
import { ordersWithLines } from '../orders/order-shape.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { accountDataRepository } from './account-data.repository.js';
import type { AccountExport } from './accounts.schemas.js';
import type { AccountsContext } from './accounts.service.js';
import { customersRepository } from './customers.repository.js';

/** Self-service data export and account deletion (spec 4.1, 5). */
export function accountDataService(
  ctx: Pick<AccountsContext, 'db' | 'clock' | 'config' | 'webhookEvents' | 'metrics' | 'shop'>,
) {
  return {
    /** All data held about the customer; `currentSession` marks the session asking. */
    async export(
      customer: SignedInCustomer,
      currentSession: string | undefined,
    ): Promise<AccountExport> {
      const data = accountDataRepository(ctx.db);
      const orders = ordersRepository(ctx.db);
      const [favorites, purchases, reservations, sessions, tokens, orderRows, addresses] =
        await Promise.all([
          data.favoritesOf(customer.id),
          data.purchasesOf(customer.id),
          data.reservationsOf(customer.id),
          data.sessionsOf(customer.id),
          data.tokensOf(customer.id),
          // Every order, however many: an export is complete (GDPR art. 15).
          orders.ofCustomer(customer.id, Number.MAX_SAFE_INTEGER),
          addressesRepository(ctx.db).list(customer.id),
        ]);
      const orderIds = orderRows.map((row) => row.id);
      const lines = await orders.linesOf(orderIds);
      // The buyer's withdrawals (their reasons) and what was paid back are theirs too.
      const refunds = await orderRefundsRepository(ctx.db).ofOrders(orderIds);
      const returns = await orderReturnsRepository(ctx.db).ofOrders(orderIds);
      const current = isWellFormedToken(currentSession) ? digestToken(currentSession) : null;
      return {
        exported_at: ctx.clock.now(),
        profile: {
          id: customer.id,
          email: customer.email,
          first_name: customer.first_name,
          last_name: customer.last_name,
          email_verified: customer.email_verified,
          created_at: customer.created_at,
          updated_at: customer.updated_at,
        },
        consents: {
          marketing: {
            given: customer.marketing_consent,
            text: customer.marketing_consent_text,
            recorded_at: customer.marketing_consent_at,
          },
          sold_notifications: {
            given: customer.sold_notifications,
            text: customer.sold_notifications_text,
            recorded_at: customer.sold_notifications_at,
          },
        },
        favorites,
        purchases,
        reservations,
        orders: ordersWithLines(
          orderRows,
          lines,
          await ctx.shop.current(),
          refunds,
          returns,
          await documentsOf(
            ctx.db,
            orderRows.map((row) => row.id),
          ),
        ),
        addresses,
        sessions: sessions.map(({ token_digest, ...session }) => ({
          ...session,
          current: token_digest === current,
        })),
        tokens,
      };
    },

    /**
     * Deletes the account after checking the password (403 invalid_credentials).
     * In one transaction: reserved items go back on sale, then the row goes, and
     * with it sessions, tokens and favorites; sold items keep their sale without
     * the person (items.sold_to ON DELETE SET NULL). Orders stay, a legal
     * record, with the buyer anonymised (issue 18, docs/decisions.md); saved
     * addresses go with the account.
     */
    async delete(customer: SignedInCustomer, password: string): Promise<void> {
      const customers = customersRepository(ctx.db);
      const ok = await verifyPassword(await customers.passwordHashOf(customer.id), password);
      if (!ok) throw forbidden('invalid_credentials', 'The password is wrong.');
      const at = ctx.clock.now();
      // Lock order (docs/decisions.md): the customer row, then its items.
      const released = await inTransaction(ctx.db, async (trx) => {
        const repository = customersRepository(trx);
        await repository.lockById(customer.id);
        const ids = await cartRepository(trx).releaseAllOf(customer.id, at);
        await ctx.webhookEvents.items(trx, 'item.released', ids);
        await ordersRepository(trx).anonymiseBuyer(customer.id, at);
        await repository.delete(customer.id);
        return ids;
      });
      ctx.metrics.holdsEnded.inc({ reason: 'released' }, released.length);
    },
  };
}

export type AccountDataService = ReturnType<typeof accountDataService>;
