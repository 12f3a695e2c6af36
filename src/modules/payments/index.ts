import type { App, AppContext } from '../../context.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { paymentEventsService } from './payment-events.service.js';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes.js';

/** The provider's webhook, when the provider has a hosted page (PAYMENT_PROVIDER=stripe). */
export function paymentsModule(app: App, ctx: AppContext, sales: SaleAnnouncer): void {
  if (!ctx.payments.hosted) return;
  stripeWebhookRoutes(
    app,
    ctx.payments.hosted,
    paymentEventsService(ctx, sales, app.log),
    ctx.clock,
  );
}
