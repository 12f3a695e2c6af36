import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * What each webhook event carries (the OpenAPI document's `webhooks` section is
 * made from these). No personal data: no buyer name, address or note. A receiver
 * that needs more reads the admin API with the ids given.
 */

export const ITEM_EVENTS = [
  'item.published',
  'item.unpublished',
  'item.reserved',
  'item.released',
  'item.sold',
] as const;
export const ORDER_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
] as const;
export const WEBHOOK_EVENT_TYPES = [
  ...ITEM_EVENTS,
  ...ORDER_EVENTS,
  'submission.received',
] as const;

export type ItemEventType = (typeof ITEM_EVENTS)[number];
export type OrderEventType = (typeof ORDER_EVENTS)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const ItemEventData = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    status: Type.String({ enum: ['pending', 'available', 'reserved', 'sold'] }),
    price_cents: Type.Integer(),
    currency: Type.String({ description: 'ISO 4217' }),
    url: Type.String({ description: "The item's page in the shop" }),
  },
  { title: 'WebhookItem' },
);
export type ItemEventData = Static<typeof ItemEventData>;

export const OrderEventData = Type.Object(
  {
    id: Type.Integer(),
    number: Type.String(),
    state: Type.String({
      enum: ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'],
    }),
    fulfilment: Type.String({ enum: ['shipping', 'pickup'] }),
    total_cents: Type.Integer(),
    currency: Type.String(),
    item_ids: Type.Array(Type.Integer()),
    refund: Type.Optional(
      Type.Object({
        amount_cents: Type.Integer(),
        item_ids: Type.Array(Type.Integer()),
      }),
    ),
  },
  { title: 'WebhookOrder' },
);
export type OrderEventData = Static<typeof OrderEventData>;

export const SubmissionEventData = Type.Object(
  {
    item_id: Type.Integer({ description: 'The pending item the submission became' }),
    photos: Type.Integer(),
    upload_link_id: Type.Union([Type.Integer(), Type.Null()]),
  },
  { title: 'WebhookSubmission' },
);
export type SubmissionEventData = Static<typeof SubmissionEventData>;

export type WebhookData<T extends WebhookEventType> = T extends ItemEventType
  ? ItemEventData
  : T extends OrderEventType
    ? OrderEventData
    : SubmissionEventData;

/** The body of every delivery (Standard Webhooks' recommended envelope). */
export const envelope = <T extends TSchema>(type: string, data: T) =>
  Type.Object({
    type: Type.Literal(type),
    timestamp: Type.String({ format: 'date-time', description: 'When the event happened' }),
    data,
  });

export function dataSchemaOf(type: WebhookEventType): TSchema {
  if ((ITEM_EVENTS as readonly string[]).includes(type)) return ItemEventData;
  if ((ORDER_EVENTS as readonly string[]).includes(type)) return OrderEventData;
  return SubmissionEventData;
}

/** The lane an event is delivered in: in order per item (a submission's item too) and per order. */
export function laneOf(type: WebhookEventType, data: { id?: number; item_id?: number }): string {
  if (type.startsWith('order.')) return `order:${data.id}`;
  return `item:${type === 'submission.received' ? data.item_id : data.id}`;
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event, the request the shop
 * sends (its headers and body) and the answers it takes as delivered.
 */
export function openApiWebhooks() {
  const header = (description: string) => ({
    required: true,
    schema: { type: 'string' },
    description,
  });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}: ${EVENT_SUMMARIES[type]}`,
          description:
            'Signed per Standard Webhooks (HMAC-SHA256 with the secret shown when the endpoint was registered). Delivered after the commit that caused it, at least once, in order per item (per order for order events); retried with backoff for a day. Deduplicate by webhook-id: every attempt and redelivery of one event carries the same.',
          parameters: [
            {
              name: 'webhook-id',
              in: 'header',
              ...header('The event id (msg_…), the same on every attempt'),
            },
            { name: 'webhook-timestamp', in: 'header', ...header('Unix seconds of this attempt') },
            {
              name: 'webhook-signature',
              in: 'header',
              ...header('v1,<base64 HMAC-SHA256 of id.timestamp.body>'),
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: envelope(type, dataSchemaOf(type)) } },
          },
          responses: {
            '2XX': { description: 'Delivered; any other answer (or none within 10 s) is retried' },
          },
        },
      },
    ]),
  );
}

const EVENT_SUMMARIES: Record<WebhookEventType, string> = {
  'item.published': 'an item went on sale (pending → available)',
  'item.unpublished': 'an item was taken off the storefront (→ pending)',
  'item.reserved': 'an item went into a customer’s cart (available → reserved)',
  'item.released':
    'an item is on sale again: a hold was released or expired, or its order was cancelled',
  'item.sold': 'an item was sold (by checkout or by the admin); take it down elsewhere',
  'order.placed': 'an order was placed at checkout',
  'order.paid': 'an order was paid',
  'order.shipped': 'an order was shipped',
  'order.delivered': 'an order was delivered or handed over',
  'order.cancelled': 'an order was cancelled; its items are on sale again',
  'order.refunded': 'money was given back for an order (`refund` says how much, for which items)',
  'submission.received': 'photos arrived through an upload link and became a pending item',
};
