import type { App } from '../../context.js';
import { errors, IdParams, NoContent } from '../../http/schemas.js';
import {
  Category,
  CategoryTreeResponse,
  CreateCategoryBody,
  UpdateCategoryBody,
} from './categories.schemas.js';
import type { categoriesService } from './categories.service.js';

const tags = ['admin'];

/** /api/admin/categories: registered inside the admin guard. */
export function adminCategoryRoutes(
  app: App,
  categories: ReturnType<typeof categoriesService>,
): void {
  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'The category tree',
        response: { 200: CategoryTreeResponse, ...errors(401) },
      },
    },
    async () => categories.tree(),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category, at the top or under a parent',
        body: CreateCategoryBody,
        response: { 201: Category, ...errors(400, 401, 409, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(request.body)),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename or move',
        params: IdParams,
        body: UpdateCategoryBody,
        response: { 200: Category, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => categories.update(request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category that has no subcategories and no items',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await categories.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
