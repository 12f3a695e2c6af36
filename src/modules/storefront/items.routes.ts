import type { App } from '../../context.js';
import { errors, IdParams, NotModified } from '../../http/schemas.js';
import type { VersionedResponses } from '../../http/versioned-responses.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { ItemListQuery, parseItemFilters } from './item-filters.js';
import { Filters, Item, ItemList } from './items.schemas.js';
import type { StorefrontService } from './storefront.service.js';

const tags = ['storefront'];

/** GET /api/items, /api/items/:id and /api/filters: public, cached by catalogue version. */
export function storefrontRoutes(
  app: App,
  storefront: StorefrontService,
  version: CatalogueVersion,
  responses: VersionedResponses,
): void {
  app.get(
    '/api/items',
    {
      schema: {
        tags,
        summary: 'List visible items with their images and tags',
        querystring: ItemListQuery,
        response: { 200: ItemList, 304: NotModified, ...errors(400) },
      },
    },
    async (request, reply) => {
      const filters = parseItemFilters(request.query, 'public');
      return responses.send(request, reply, {
        key: `items:${JSON.stringify(filters)}`,
        version: await version.current(),
        compute: () => storefront.list(filters),
      });
    },
  );

  app.get(
    '/api/items/:id',
    {
      schema: {
        tags,
        summary: 'One visible item',
        params: IdParams,
        response: { 200: Item, 304: NotModified, ...errors(400, 404) },
      },
    },
    async (request, reply) =>
      responses.send(request, reply, {
        key: `item:${request.params.id}`,
        version: await version.current(),
        compute: () => storefront.get(request.params.id),
      }),
  );

  app.get(
    '/api/filters',
    {
      schema: {
        tags,
        summary: 'Category tree, tag counts and price bounds',
        response: { 200: Filters, 304: NotModified },
      },
    },
    async (request, reply) =>
      responses.send(request, reply, {
        key: 'filters',
        version: await version.current(),
        compute: () => storefront.filters(),
      }),
  );
}
