import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import {
  type HostedCheckout,
  type HostedSession,
  invalidSignature,
  type PaymentEvent,
  type Payments,
} from '../../commerce/payments.js';

/** Every call out is bounded (conventions: integrations); the SDK retries network failures with the same key. */
const CALL_TIMEOUT_MS = 20_000;
const NETWORK_RETRIES = 2;

/** The SDK's connection settings for STRIPE_API_BASE (a local Stripe-protocol server), or Stripe's API. */
function connection(apiBase: URL | null) {
  if (!apiBase) return {};
  const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: apiBase.hostname.replace(/^\[|\]$/g, ''),
    port: apiBase.port || (protocol === 'http' ? 80 : 443),
  } as const;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function sessionOf(session: Stripe.Checkout.Session): HostedSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status:
      session.status === 'complete'
        ? 'complete'
        : session.status === 'expired'
          ? 'expired'
          : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    paymentReference: idOf(session.payment_intent),
    amountCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
}

/** What a Checkout Session event means for the order it names (docs/decisions.md, Payments). */
function eventOf(event: Stripe.Event): PaymentEvent {
  const base = {
    id: event.id,
    type: event.type,
    orderId: null,
    sessionId: null,
    paymentReference: null,
    amountCents: null,
    currency: null,
  };
  if (!event.type.startsWith('checkout.session.')) return { ...base, kind: 'ignored' };
  const session = event.data.object as Stripe.Checkout.Session;
  const reference = session.client_reference_id ?? '';
  const { paid, paymentReference, amountCents, currency } = sessionOf(session);
  const kind: PaymentEvent['kind'] =
    event.type === 'checkout.session.completed'
      ? paid
        ? 'paid'
        : 'processing'
      : event.type === 'checkout.session.async_payment_succeeded'
        ? 'paid'
        : event.type === 'checkout.session.async_payment_failed'
          ? 'failed'
          : event.type === 'checkout.session.expired'
            ? 'expired'
            : 'ignored';
  return {
    ...base,
    kind,
    orderId: /^[1-9]\d{0,9}$/.test(reference) ? Number(reference) : null,
    sessionId: session.id,
    paymentReference,
    amountCents,
    currency,
  };
}

/**
 * PAYMENT_PROVIDER=stripe: the buyer pays on Stripe Checkout. The official SDK is used
 * here and nowhere else; every call has a timeout and an idempotency key derived from
 * the order, so a retry (ours or the SDK's) never charges, expires or refunds twice.
 */
export function stripePayments(config: StripeConfig): Payments & { hosted: HostedCheckout } {
  const stripe = new Stripe(config.secretKey, {
    ...connection(config.apiBase),
    timeout: CALL_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    telemetry: false,
  });

  const hosted: HostedCheckout = {
    async open(order) {
      const metadata = { order_id: String(order.id), order_number: order.number };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(order.id),
          line_items: order.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: line.price_cents,
              product_data: { name: line.title },
            },
          })),
          // Shipping as Checkout's own shipping line: the page shows it apart from the
          // pieces, and amount_total (what the order's total is checked against) includes it.
          ...(order.shippingCents > 0
            ? {
                shipping_options: [
                  {
                    shipping_rate_data: {
                      type: 'fixed_amount' as const,
                      display_name: 'Shipping',
                      fixed_amount: {
                        amount: order.shippingCents,
                        currency: order.currency.toLowerCase(),
                      },
                    },
                  },
                ],
              }
            : {}),
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
          success_url: order.successUrl,
          cancel_url: order.cancelUrl,
          metadata,
          payment_intent_data: { metadata, description: `Order ${order.number}` },
          ...(order.buyerEmail ? { customer_email: order.buyerEmail } : {}),
        },
        { idempotencyKey: `checkout-${order.checkoutKey}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { id: session.id, url: session.url };
    },

    async retrieve(sessionId) {
      return sessionOf(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async expire(sessionId) {
      try {
        return sessionOf(
          await stripe.checkout.sessions.expire(sessionId, undefined, {
            idempotencyKey: `expire-${sessionId}`,
          }),
        );
      } catch (error) {
        // Only an open session can be expired: one already complete or expired is reported as it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return sessionOf(await stripe.checkout.sessions.retrieve(sessionId));
        throw error;
      }
    },

    verifyEvent(rawBody, signature, receivedAt) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          config.webhookSecret,
          undefined,
          undefined,
          receivedAt.getTime(),
        );
      } catch {
        throw invalidSignature();
      }
      return eventOf(event);
    },
  };

  return {
    hosted,
    async capture() {
      throw new Error('Stripe payments are taken on the hosted page, not captured at checkout');
    },
    // Nothing is captured at checkout, so there is nothing to void.
    async void() {},
    async refund(order, request) {
      if (!order.paymentReference)
        throw new Error(`order ${order.number} has no Stripe payment to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: order.paymentReference,
          amount: request.amount_cents,
          metadata: { order_id: String(order.id), reason: request.reason.slice(0, 500) },
        },
        { idempotencyKey: request.idempotency_key },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
      return {
        state: refund.status === 'succeeded' ? 'succeeded' : 'pending',
        reference: refund.id,
      };
    },
  };
}
