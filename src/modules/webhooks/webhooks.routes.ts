import type { App } from '../../context.js';
import { errors, IdParams, NoContent } from '../../http/schemas.js';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryParams,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from './webhooks.schemas.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['admin'];

/** /api/admin/webhooks: registered inside the admin guard. */
export function adminWebhookRoutes(app: App, webhooks: WebhooksService): void {
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint; the signing secret is in this answer only',
        body: CreateWebhookBody,
        response: { 201: CreatedWebhook, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(request.body)),
  );

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Webhook endpoints (without their secrets)',
        response: { 200: WebhookList, ...errors(401) },
      },
    },
    async () => webhooks.list(),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/enable',
    {
      schema: {
        tags,
        summary: 'Enable a disabled endpoint; events kept meanwhile are delivered in order',
        params: IdParams,
        response: { 200: Webhook, ...errors(400, 401, 404) },
      },
    },
    async (request) => webhooks.enable(request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliveries to this endpoint, newest first, each with its attempts',
        params: IdParams,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveryList, ...errors(400, 401, 404) },
      },
    },
    async (request) => webhooks.deliveries(request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a delivered or failed delivery again (same webhook-id)',
        params: DeliveryParams,
        response: { 200: WebhookDelivery, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => webhooks.redeliver(request.params.id, request.params.delivery_id),
  );
}
