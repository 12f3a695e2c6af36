import type { App } from '../../context.js';
import { errors, IdParams, NoContent } from '../../http/schemas.js';
import { AdminTag, CreateTagBody, TagList, UpdateTagBody } from './tags.schemas.js';
import type { tagsService } from './tags.service.js';

const tags = ['admin'];

/** /api/admin/tags: registered inside the admin guard. */
export function adminTagRoutes(app: App, service: ReturnType<typeof tagsService>): void {
  const summary = 'Every tag with its colour and how many items carry it';
  app.get(
    '/tags',
    { schema: { tags, summary, response: { 200: TagList, ...errors(401) } } },
    async () => service.list(),
  );

  app.post(
    '/tags',
    {
      schema: {
        tags,
        summary: 'Create a tag',
        body: CreateTagBody,
        response: { 201: AdminTag, ...errors(400, 401, 409, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Rename a tag or change its slug (its colour follows the slug)',
        params: IdParams,
        body: UpdateTagBody,
        response: { 200: AdminTag, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tag; it is taken off every item that had it',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
