import { Type } from '@sinclair/typebox';
import type { Clock } from '../../../auth/clock.js';
import type { App } from '../../../context.js';
import { errors } from '../../../http/schemas.js';
import { type HostedCheckout, invalidSignature } from '../../commerce/payments.js';
import type { PaymentEventsService } from '../payment-events.service.js';

/** Stripe's events are small; a body past this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const Received = Type.Object({ received: Type.Literal(true) });

/**
 * POST /api/payments/stripe/webhook (contract third round): the raw body, verified
 * against STRIPE_WEBHOOK_SECRET by the SDK (in the adapter), then acted on once.
 * Registered in a scope of its own: only here is a JSON body kept as bytes, since the
 * signature covers the bytes exactly as sent.
 */
export function stripeWebhookRoutes(
  app: App,
  hosted: HostedCheckout,
  events: PaymentEventsService,
  clock: Clock,
): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Stripe’s events (register this URL in Stripe’s dashboard): 400 invalid_signature when the Stripe-Signature does not verify; 200 otherwise, an event id acted on once',
        response: { 200: Received, ...errors(400, 413, 415) },
      },
      config: { rawBody: true },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body)) throw invalidSignature();
      const event = hosted.verifyEvent(
        request.body,
        Array.isArray(signature) ? signature[0] : signature,
        clock.now(),
      );
      await events.act('stripe', event);
      return { received: true as const };
    },
  );
}
