import type { App } from '../../context.js';
import { requireCustomer, signedInCustomer } from '../../http/customer-guard.js';
import { errors, NoContent } from '../../http/schemas.js';
import { CustomerResponse } from '../accounts/accounts.schemas.js';
import { FavoritesResponse, ItemIdParams, SoldNotificationsBody } from './commerce.schemas.js';
import type { FavoritesService } from './favorites.service.js';

const tags = ['accounts'];
const security = [{ customerSession: [] }];

/** The account's favorites and sold-notification opt-in (contract: Customer accounts). */
export function favoritesRoutes(app: App, favorites: FavoritesService): void {
  app.get(
    '/api/customers/me/favorites',
    {
      schema: {
        tags,
        security,
        summary: 'Favorited items; one that went pending is kept but not listed',
        response: { 200: FavoritesResponse, ...errors(401) },
      },
      onRequest: requireCustomer,
    },
    async (request) => favorites.list(signedInCustomer(request)),
  );

  app.post(
    '/api/customers/me/favorites/:item_id',
    {
      schema: {
        tags,
        security,
        summary: 'Favorite an item (idempotent)',
        params: ItemIdParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      await favorites.add(signedInCustomer(request), request.params.item_id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/customers/me/favorites/:item_id',
    {
      schema: {
        tags,
        security,
        summary: 'Unfavorite an item (idempotent)',
        params: ItemIdParams,
        response: { 204: NoContent, ...errors(400, 401) },
      },
      onRequest: requireCustomer,
    },
    async (request, reply) => {
      await favorites.remove(signedInCustomer(request), request.params.item_id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/customers/me/sold-notifications',
    {
      schema: {
        tags,
        security,
        summary: 'Opt in to or out of hearing when a favorite is sold',
        body: SoldNotificationsBody,
        response: { 200: CustomerResponse, ...errors(400, 401, 415) },
      },
      onRequest: requireCustomer,
    },
    async (request) => favorites.setSoldNotifications(signedInCustomer(request), request.body),
  );
}
