import type { App } from '../../../context.js';
import { errors, IdParams } from '../../../http/schemas.js';
import { OutboxList, OutboxListQuery, OutboxRow } from './outbox.admin.schemas.js';
import type { adminOutboxService } from './outbox.admin.service.js';

const tags = ['admin'];

/** /api/admin/outbox: registered inside the admin guard. */
export function adminOutboxRoutes(app: App, outbox: ReturnType<typeof adminOutboxService>): void {
  app.get(
    '/outbox',
    {
      schema: {
        tags,
        summary: 'Outgoing mail, newest first: pending, sent (without body) and failed',
        querystring: OutboxListQuery,
        response: { 200: OutboxList, ...errors(400, 401) },
      },
    },
    async (request) => outbox.list(request.query),
  );

  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a failed mail again (its attempts start over)',
        params: IdParams,
        response: { 200: OutboxRow, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => outbox.resend(request.params.id),
  );
}
