import type { Config } from '../../config.js';
import type { App, AppContext } from '../../context.js';
import { builtinPayments, type Payments } from '../commerce/payments.js';
import type { SaleAnnouncer } from '../commerce/sales.js';
import { registerOverduePayments } from './overdue-payments.job.js';
import { paymentEventsService } from './payment-events.service.js';
import { stripeWebhookRoutes } from './stripe/stripe-webhook.routes.js';

/**
 * The provider PAYMENT_PROVIDER names: Stripe's adapter, or a built-in one. The Stripe
 * SDK is loaded only for `stripe`: a shop paid by hand does not carry its ~20 MB.
 */
export async function paymentsFor(
  config: Pick<Config, 'paymentProvider' | 'stripe'>,
): Promise<Payments> {
  if (config.stripe) {
    const { stripePayments } = await import('./stripe/stripe-payments.js');
    return stripePayments(config.stripe);
  }
  return builtinPayments(config.paymentProvider === 'manual' ? 'manual' : 'accept');
}

/**
 * The provider's webhook and the overdue-payment job, when the provider has a hosted
 * page (PAYMENT_PROVIDER=stripe).
 */
export function paymentsModule(app: App, ctx: AppContext, sales: SaleAnnouncer): void {
  const hosted = ctx.payments.hosted;
  if (!hosted) return;
  const events = paymentEventsService(ctx, sales, app.log);
  stripeWebhookRoutes(app, hosted, events, ctx.clock);
  registerOverduePayments(ctx, hosted, events, app.log);
}
