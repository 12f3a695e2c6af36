import type { App } from '../../context.js';
import { errors, IdParams, NoContent } from '../../http/schemas.js';
import {
  AdminItem,
  AdminItemList,
  AdminItemListQuery,
  CreateItemBody,
  ItemImageParams,
  PublishedItem,
  UpdateItemBody,
} from './admin-items.schemas.js';
import type { AdminItemsService } from './admin-items.service.js';

const tags = ['admin'];
const one = { 200: AdminItem, ...errors(400, 401, 404, 409) };

/** /api/admin/items: registered inside the admin guard. */
export function adminItemRoutes(app: App, items: AdminItemsService): void {
  app.get(
    '/items',
    {
      schema: {
        tags,
        summary:
          'Items in every state; the storefront filters plus status=pending and new_submissions',
        querystring: AdminItemListQuery,
        response: { 200: AdminItemList, ...errors(400, 401) },
      },
    },
    async (request) => items.list(request.query),
  );

  const summary = 'One item in any state, with its images and draft';
  app.get(
    '/items/:id',
    { schema: { tags, summary, params: IdParams, response: one } },
    async (request) => items.get(request.params.id),
  );

  app.post(
    '/items',
    {
      schema: {
        tags,
        summary: 'Create an item by hand (pending)',
        body: CreateItemBody,
        response: { 201: AdminItem, ...errors(400, 401, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await items.create(request.body)),
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        tags,
        summary: 'Edit; a price set here is a manual price',
        params: IdParams,
        body: UpdateItemBody,
        response: one,
      },
    },
    async (request) => items.update(request.params.id, request.body),
  );

  app.post(
    '/items/:id/publish',
    {
      schema: {
        tags,
        summary: 'pending → available; answers warnings (no photo, no category, default price)',
        params: IdParams,
        response: { 200: PublishedItem, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => items.publish(request.params.id),
  );

  app.post(
    '/items/:id/release',
    {
      schema: {
        tags,
        summary: 'reserved → available: end a customer’s hold',
        params: IdParams,
        response: one,
      },
    },
    async (request) => items.release(request.params.id),
  );

  app.delete(
    '/items/:id',
    {
      schema: {
        tags,
        summary: 'Delete a pending or available item that never sold; its photos go too',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await items.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/items/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'available → pending; refused for reserved and sold',
        params: IdParams,
        response: one,
      },
    },
    async (request) => items.unpublish(request.params.id),
  );

  app.post(
    '/items/:id/mark-sold',
    { schema: { tags, summary: 'Any state but sold → sold', params: IdParams, response: one } },
    async (request) => items.markSold(request.params.id),
  );

  app.post(
    '/items/:id/images/:image_id/restore-original',
    {
      schema: {
        tags,
        summary: 'Put the original photo back',
        params: ItemImageParams,
        response: one,
      },
    },
    async (request) => items.restoreOriginal(request.params.id, request.params.image_id),
  );
}
