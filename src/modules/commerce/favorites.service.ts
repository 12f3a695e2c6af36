import type { AppContext } from '../../context.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { badRequest, notFound } from '../../http/errors.js';
import { mediaUrlFor } from '../../media/storage.js';
import type { CustomerResponse } from '../accounts/accounts.schemas.js';
import { toCustomer } from '../accounts/accounts.service.js';
import { shownWording } from '../accounts/consent.js';
import { customersRepository } from '../accounts/customers.repository.js';
import { itemsRepository } from '../storefront/items.repository.js';
import type { Item } from '../storefront/items.schemas.js';
import { itemRowToItem } from '../storefront/storefront.service.js';
import type { SoldNotificationsBody } from './commerce.schemas.js';
import { favoritesRepository } from './favorites.repository.js';

/** Favorites and the opt-in to hear when one is sold (spec 4.1, spec 2). */
export function favoritesService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const favorites = favoritesRepository(ctx.db);
  const items = itemsRepository(ctx.db);

  return {
    /** Idempotent; 404 for an absent or pending item, as the storefront hides it (contract). */
    async add(customer: SignedInCustomer, itemId: number): Promise<void> {
      if (await favorites.add(customer.id, itemId, ctx.clock.now())) return;
      const status = await items.statusOf(itemId);
      if (status === undefined || status === 'pending') throw notFound('No such item.');
    },

    /** Idempotent: removing what is not there leaves nothing there. */
    remove: (customer: SignedInCustomer, itemId: number) => favorites.remove(customer.id, itemId),

    async list(customer: SignedInCustomer): Promise<{ items: Item[] }> {
      return {
        items: (await items.favoritesOf(customer.id)).map((row) =>
          itemRowToItem(row, mediaUrlFor(ctx.config)),
        ),
      };
    },

    /**
     * Spec 2: a consent apart from marketing, kept as flag, time and the exact
     * wording shown. Opting in needs that wording; opting out records the time
     * too and clears the wording unless new wording comes with it (as marketing does).
     */
    async setSoldNotifications(
      customer: SignedInCustomer,
      body: SoldNotificationsBody,
    ): Promise<CustomerResponse> {
      const wording = shownWording(body.consent_text);
      if (body.enabled && wording === null) {
        throw badRequest(
          'consent_text_required',
          'Opting in needs the exact wording that was shown (consent_text).',
          'consent_text',
        );
      }
      const now = ctx.clock.now();
      const row = await customersRepository(ctx.db).update(customer.id, {
        sold_notifications: body.enabled,
        sold_notifications_at: now,
        sold_notifications_text: wording,
        updated_at: now,
      });
      return toCustomer(row);
    },
  };
}

export type FavoritesService = ReturnType<typeof favoritesService>;
