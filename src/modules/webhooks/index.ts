export { DAY, RETRY_WINDOW_MS, webhookBackoff } from './delivery-states.js';
export {
  registerWebhookDelivery,
  WEBHOOK_PRUNE_JOB,
  WEBHOOK_SWEEP_JOB,
  webhookDeliveryHandler,
} from './webhook-delivery.js';
export {
  orderEventData,
  WEBHOOK_DELIVER_JOB,
  type WebhookEvents,
  webhookEvents,
} from './webhook-events.js';
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-payloads.js';
export { type Resolve, systemResolve, type WebhookSend, webhookSender } from './webhook-sender.js';
export { adminWebhookRoutes } from './webhooks.routes.js';
export { webhooksService } from './webhooks.service.js';
