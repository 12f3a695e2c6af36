import type { App } from '../../context.js';
import { errors, IdParams } from '../../http/schemas.js';
import {
  CreatedUploadLink,
  CreateUploadLinkBody,
  UploadLink,
  UploadLinkList,
} from './intake.schemas.js';
import type { uploadLinksService } from './upload-links.service.js';

const tags = ['admin'];

/** /api/admin/upload-links: registered inside the admin guard. */
export function adminUploadLinkRoutes(
  app: App,
  links: ReturnType<typeof uploadLinksService>,
): void {
  app.get(
    '/upload-links',
    {
      schema: {
        tags,
        summary: 'Every upload link with its use (tokens are never shown again)',
        response: { 200: UploadLinkList, ...errors(401) },
      },
    },
    async () => ({
      upload_links: await links.list(),
    }),
  );

  app.post(
    '/upload-links',
    {
      schema: {
        tags,
        summary: 'Create an upload link; the token is in this answer only',
        body: CreateUploadLinkBody,
        response: { 201: CreatedUploadLink, ...errors(400, 401, 415) },
      },
    },
    async (request, reply) => {
      const link = await links.create({
        contactEmail: request.body.contact_email,
        maxSubmissions: request.body.max_submissions,
        label: request.body.label ?? null,
      });
      // The token must not linger in any cache between here and the admin's screen.
      return reply.code(201).header('cache-control', 'no-store').send(link);
    },
  );

  app.post(
    '/upload-links/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke an upload link: it takes no more submissions',
        params: IdParams,
        response: { 200: UploadLink, ...errors(400, 401, 404) },
      },
    },
    async (request) => links.revoke(request.params.id),
  );
}
