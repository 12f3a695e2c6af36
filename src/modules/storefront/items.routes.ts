import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../context.js';
import { errors, IdParams, NotModified } from '../../http/schemas.js';
import { Serialized, type VersionedResponses } from '../../http/versioned-responses.js';
import { answeredUrls } from './answered-urls.js';
import type { CatalogueVersion, Dimension } from './catalogue-version.js';
import type { ItemCards } from './item-cards.js';
import { type ItemFilters, ItemListQuery, parseItemFilters } from './item-filters.js';
import { Filters, Item, ItemList } from './items.schemas.js';
import type { KeptFilterParts, StorefrontService } from './storefront.service.js';

const tags = ['storefront'];

/**
 * What can change which items a list shows, beyond the items it shows now:
 * any item appearing or leaving (visibility), and each filter's or the sort's own
 * dimension. A change to a shown item is caught by its id.
 */
export function listDimensions(filters: ItemFilters): Dimension[] {
  const dims: Dimension[] = ['visibility'];
  if (filters.sort !== 'newest' || filters.minPrice !== undefined || filters.maxPrice !== undefined)
    dims.push('price');
  if (filters.status !== undefined) dims.push('status');
  if (filters.conditions !== undefined) dims.push('condition');
  if (filters.categoryId !== undefined) dims.push('category');
  if (filters.tagSlugs !== undefined) dims.push('tags');
  if (filters.search !== undefined) dims.push('text');
  return dims;
}

/** Category tree, tag counts over non-pending items and price bounds (spec 4.2 filters). */
const FILTERS_DIMENSIONS: readonly Dimension[] = ['visibility', 'price', 'tags', 'category'];
const NO_IDS: readonly number[] = [];

/** GET /api/items, /api/items/:id and /api/filters: public, cached until what they show changes. */
export function storefrontRoutes(
  app: App,
  storefront: StorefrontService,
  version: CatalogueVersion,
  responses: VersionedResponses,
  cards: ItemCards,
  // Without response reuse (benchmarks of the query path) nothing else is kept either.
  filterParts: KeptFilterParts | undefined,
): void {
  const answered = answeredUrls();
  // A URL answered before, whose answer is still valid, is answered here: before
  // its query string is parsed and validated, and before its handler.
  const fromMemory = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = answered.keyOf(request.url);
    if (key === undefined) return;
    if (responses.answerFromMemory(request, reply, key, await version.view())) return reply;
  };
  app.get(
    '/api/items',
    {
      schema: {
        tags,
        summary: 'List visible items with their images and tags',
        querystring: ItemListQuery,
        response: { 200: ItemList, 304: NotModified, ...errors(400) },
      },
      onRequest: fromMemory,
    },
    async (request, reply) => {
      const filters = parseItemFilters(request.query, 'public');
      const key = `items:${JSON.stringify(filters)}`;
      answered.remember(request.url, key);
      const view = await version.view();
      return responses.send(request, reply, {
        key,
        view,
        dims: listDimensions(filters),
        ids: (page) => page.ids,
        compute: async () => {
          const page = await storefront.listJson(filters, cards, view);
          return new Serialized(page.body, page.ids);
        },
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
      onRequest: fromMemory,
    },
    async (request, reply) => {
      const key = `item:${request.params.id}`;
      answered.remember(request.url, key);
      const view = await version.view();
      return responses.send(request, reply, {
        key,
        view,
        dims: [],
        ids: [request.params.id],
        compute: async () =>
          new Serialized((await storefront.getJson(request.params.id, cards, view)).body),
      });
    },
  );

  app.get(
    '/api/filters',
    {
      schema: {
        tags,
        summary: 'Category tree, tag counts and price bounds',
        response: { 200: Filters, 304: NotModified },
      },
      onRequest: fromMemory,
    },
    async (request, reply) => {
      answered.remember(request.url, 'filters');
      const view = await version.view();
      return responses.send(request, reply, {
        key: 'filters',
        view,
        dims: FILTERS_DIMENSIONS,
        ids: NO_IDS,
        compute: async () => new Serialized(await storefront.filtersJson(view, filterParts)),
      });
    },
  );
}
