import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, StrictObject } from '../../http/schemas.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-payloads.js';

const EventType = Type.Unsafe<(typeof WEBHOOK_EVENT_TYPES)[number]>(
  Type.String({ enum: [...WEBHOOK_EVENT_TYPES] }),
);

export const CreateWebhookBody = StrictObject({
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'https (http only with WEBHOOK_ALLOW_PRIVATE=true); no private addresses',
  }),
  events: Type.Array(EventType, {
    minItems: 1,
    maxItems: WEBHOOK_EVENT_TYPES.length,
    uniqueItems: true,
  }),
});
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const Webhook = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(EventType),
    state: Type.Unsafe<'active' | 'disabled'>(Type.String({ enum: ['active', 'disabled'] })),
    failing_since: Nullable(DateTime),
    disabled_at: Nullable(DateTime),
    created_at: DateTime,
  },
  { title: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;

export const CreatedWebhook = Type.Composite([
  Webhook,
  Type.Object({
    secret: Type.String({
      description: 'whsec_… (Standard Webhooks): verifies webhook-signature; shown this once',
    }),
  }),
]);

export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook) });

const DeliveryState = Type.Unsafe<'pending' | 'delivering' | 'delivered' | 'retrying' | 'failed'>(
  Type.String({ enum: ['pending', 'delivering', 'delivered', 'retrying', 'failed'] }),
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer(),
    event_type: EventType,
    webhook_id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
    state: DeliveryState,
    attempts: Type.Array(
      Type.Object({
        attempt: Type.Integer(),
        at: DateTime,
        status_code: Nullable(Type.Integer()),
        error: Nullable(Type.String()),
        duration_ms: Type.Integer(),
      }),
    ),
    next_attempt_at: Nullable(DateTime),
    created_at: DateTime,
    finished_at: Nullable(DateTime),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = Type.Object({
  deliveries: Type.Array(WebhookDelivery),
  next_cursor: Nullable(Type.String()),
});

export const DeliveriesQuery = StrictObject({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'From next_cursor' })),
});
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

export const DeliveryParams = StrictObject({ id: Id, delivery_id: Id });
