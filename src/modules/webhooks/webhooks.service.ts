import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { decodeIdCursor, encodeIdCursor } from '../../http/id-cursor.js';
import { nextDelivery, nextEndpoint } from './delivery-states.js';
import { enqueueDelivery } from './webhook-delivery.js';
import { type Resolve, refusalOf } from './webhook-sender.js';
import { webhooksRepository } from './webhooks.repository.js';
import type {
  CreateWebhookBody,
  DeliveriesQuery,
  Webhook,
  WebhookDelivery,
} from './webhooks.schemas.js';

/** Endpoints a shop may register: enough for every tool it cross-lists with. */
export const MAX_WEBHOOKS = 20;

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof webhooksRepository>['findEndpoint']>>>;

const webhookOf = (row: Row): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as Webhook['events'],
  state: row.state,
  failing_since: row.failing_since,
  disabled_at: row.disabled_at,
  created_at: row.created_at,
});

/** The admin's side of outbound webhooks (contract, third round: /api/admin/webhooks). */
export function webhooksService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'random' | 'config'>,
  resolve?: Resolve,
) {
  const rows = webhooksRepository(ctx.db);

  async function endpointOrNotFound(id: number): Promise<Row> {
    const row = await rows.findEndpoint(id);
    if (!row) throw notFound('No such webhook.');
    return row;
  }

  async function deliveriesWithAttempts(list: Awaited<ReturnType<typeof rows.deliveriesOf>>) {
    const attempts = await rows.attemptsOf(list.map((row) => Number(row.id)));
    return list.map(
      (row): WebhookDelivery => ({
        id: Number(row.id),
        event_type: row.event_type as WebhookDelivery['event_type'],
        webhook_id: row.webhook_id,
        state: row.state,
        attempts: attempts
          .filter((attempt) => Number(attempt.delivery_id) === Number(row.id))
          .map(({ delivery_id: _, ...attempt }) => attempt),
        next_attempt_at: row.next_attempt_at,
        created_at: row.created_at,
        finished_at: row.finished_at,
      }),
    );
  }

  return {
    /** Registers an endpoint; the secret is in this answer only (Standard Webhooks `whsec_`). */
    async create(body: CreateWebhookBody): Promise<Webhook & { secret: string }> {
      let url: URL;
      try {
        url = new URL(body.url.trim());
      } catch {
        throw badRequest('invalid_url', 'That is not a URL.', 'url');
      }
      const refusal = await refusalOf(url, {
        allowPrivate: ctx.config.webhooks.allowPrivate,
        ...(resolve ? { resolve } : {}),
      });
      if (refusal) throw badRequest('url_not_allowed', refusal, 'url');
      if ((await rows.countEndpoints()) >= MAX_WEBHOOKS) {
        throw conflict('too_many_webhooks', `A shop may have at most ${MAX_WEBHOOKS} webhooks.`);
      }
      const secret = `whsec_${ctx.random(32).toString('base64')}`;
      const row = await rows.insertEndpoint({
        url: url.href,
        events: [...body.events],
        secret,
        created_at: ctx.clock.now(),
      });
      return { ...webhookOf(row), secret };
    },

    async list(): Promise<{ webhooks: Webhook[] }> {
      return { webhooks: (await rows.listEndpoints()).map(webhookOf) };
    },

    /** Deletes the endpoint with its deliveries; a delivery in flight finds nothing to record. */
    async remove(id: number): Promise<void> {
      if (!(await rows.deleteEndpoint(id))) throw notFound('No such webhook.');
    },

    /** A disabled endpoint becomes active; what waited for it is delivered, in order. */
    async enable(id: number): Promise<Webhook> {
      await inTransaction(ctx.db, async (trx) => {
        const repo = webhooksRepository(trx);
        const endpoint = await repo.lockEndpoint(id);
        if (!endpoint) throw notFound('No such webhook.');
        const now = ctx.clock.now();
        await repo.saveEndpoint(id, nextEndpoint(endpoint, { kind: 'enable', at: now }).endpoint);
        for (const head of await repo.openHeadsOf(id)) {
          await enqueueDelivery(trx, head.id, now, head.next_attempt_at);
        }
      });
      return webhookOf(await endpointOrNotFound(id));
    },

    async deliveries(id: number, query: DeliveriesQuery) {
      // A malformed cursor is the request's fault whatever the endpoint: 400 before 404.
      const beforeId = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor);
      await endpointOrNotFound(id);
      const limit = query.limit ?? 50;
      const page = await rows.deliveriesOf(id, limit, beforeId);
      const shown = page.slice(0, limit);
      return {
        deliveries: await deliveriesWithAttempts(shown),
        next_cursor: page.length > limit ? encodeIdCursor(Number(shown.at(-1)!.id)) : null,
      };
    },

    /** Sends a delivered or failed delivery again, with the same webhook-id (the receiver may dedupe). */
    async redeliver(id: number, deliveryId: number): Promise<WebhookDelivery> {
      await inTransaction(ctx.db, async (trx) => {
        const repo = webhooksRepository(trx);
        const found = await repo.findDelivery(id, deliveryId);
        if (!found) throw notFound('No such delivery of this webhook.');
        const now = ctx.clock.now();
        const next = nextDelivery(found.delivery, { kind: 'redeliver', at: now });
        if (!next) {
          throw conflict('invalid_transition', 'This delivery is still being tried.');
        }
        await repo.saveDelivery(deliveryId, found.delivery, next);
        await enqueueDelivery(trx, deliveryId, now);
      });
      const [row] = await rows.deliveriesOf(id, 1, deliveryId + 1);
      return (await deliveriesWithAttempts([row!]))[0]!;
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
