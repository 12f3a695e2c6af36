import type { PaymentProviderName } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/** What checkout asks the payment step to capture: the buyer and the items being sold. */
export interface PaymentOrder {
  buyerId: number;
  /** At the price each item had when the checkout claimed it. */
  items: Array<{ id: number; price_cents: number }>;
  totalCents: number;
}

/** A captured payment as the provider knows it. */
export interface CapturedPayment {
  /** The provider's own reference for the payment. */
  reference: string;
  /**
   * False when the money is still to come (bank transfer, pay on pickup): the
   * order waits as `placed` until the admin marks it paid. Absent means paid.
   */
  paid?: boolean;
}

/** The order a refund gives money back for, as the provider needs it. */
export interface RefundableOrder {
  id: number;
  number: string;
  currency: string;
  /** The provider's payment the money came with (a Stripe Payment Intent); null for none. */
  paymentReference: string | null;
}

/**
 * A refund, whole or part (issue 32; partial refunds of a later issue call the same
 * step). The key makes the provider act once however often the call is repeated.
 */
export interface RefundRequest {
  amount_cents: number;
  reason: string;
  idempotency_key: string;
}

/** How a refund went: given back now, under way at the provider, or for a person to pay. */
export interface RefundResult {
  state: 'succeeded' | 'pending' | 'to_pay_by_hand';
  /** The provider's reference for the refund (a Stripe refund id), when it has one. */
  reference: string | null;
}

/** An order for a hosted payment page: what the buyer sees there, and until when. */
export interface HostedOrder {
  id: number;
  number: string;
  /** The order's own random key: idempotency keys of its calls are derived from it. */
  checkoutKey: string;
  currency: string;
  buyerEmail: string | null;
  lines: Array<{ title: string; price_cents: number }>;
  /** Charged on top of the lines as the page's shipping (issue 34); 0 for none. */
  shippingCents: number;
  /** The page stops taking payment then (at most the holds' deadline). */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/** A hosted payment session as the provider reports it now. */
export interface HostedSession {
  id: string;
  url: string | null;
  /** `open`: payable; `complete`: the buyer finished it; `expired`: no longer payable. */
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  paymentReference: string | null;
  amountCents: number | null;
  currency: string | null;
}

/**
 * What a verified provider event means for an order: paid, waiting for a payment that
 * settles later, failed, expired, or nothing the shop acts on.
 */
export interface PaymentEvent {
  id: string;
  /** The provider's own name for it (`checkout.session.completed`). */
  type: string;
  kind: 'paid' | 'processing' | 'failed' | 'expired' | 'ignored';
  orderId: number | null;
  sessionId: string | null;
  paymentReference: string | null;
  amountCents: number | null;
  currency: string | null;
}

/**
 * A payment page the provider hosts (Stripe Checkout): checkout opens a session and
 * sends the buyer there; the outcome arrives later as a signed event.
 */
export interface HostedCheckout {
  open(order: HostedOrder): Promise<{ id: string; url: string }>;
  retrieve(sessionId: string): Promise<HostedSession>;
  /** Makes an open session unpayable; answers the session as it is afterwards. */
  expire(sessionId: string): Promise<HostedSession>;
  /** The event in a request body, verified by its signature; throws `invalidSignature()`. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): PaymentEvent;
}

/**
 * The pluggable payment step (contract: Cart). For a provider that captures at
 * checkout, `capture` runs with no transaction open, between the short transaction
 * that claims the held items and the one that records the sale, so a slow provider
 * holds no lock. A provider with a hosted page (`hosted`) is not captured at
 * checkout: the order waits for the page's outcome (issue 32).
 *
 * Every call carries an idempotency key: a provider that sees one key twice must
 * act once. `capture` throws `paymentDeclined()` to refuse (nothing is sold, the
 * items stay in the cart). `void` undoes a capture (a void, or a refund once
 * settled): checkout calls it when the sale could not be recorded after the money
 * was taken, and when a capture failed in a way that leaves its outcome unknown.
 * `refund` gives money back for a paid order, whole or part.
 */
export interface Payments {
  capture(idempotencyKey: string, order: PaymentOrder): Promise<CapturedPayment>;
  void(idempotencyKey: string): Promise<void>;
  refund(order: RefundableOrder, request: RefundRequest): Promise<RefundResult>;
  hosted?: HostedCheckout;
}

/** The built-in step: accepts every order and takes no money (a test shop). */
export const acceptingPayments: Payments = {
  async capture(idempotencyKey) {
    return { reference: `accepted-${idempotencyKey}` };
  },
  async void() {},
  // Nothing was taken, so nothing goes back.
  async refund() {
    return { state: 'succeeded', reference: null };
  },
};

/**
 * Bank transfer or pay on pickup: nothing is taken at checkout, the order waits
 * as `placed` and the admin marks it paid; a void has nothing to give back, and a
 * refund is recorded for the shop to pay back by hand.
 */
export const manualPayments: Payments = {
  async capture(idempotencyKey) {
    return { reference: `manual-${idempotencyKey}`, paid: false };
  },
  async void() {},
  async refund() {
    return { state: 'to_pay_by_hand', reference: null };
  },
};

/** The built-in provider named by PAYMENT_PROVIDER (stripe has its own adapter). */
export const builtinPayments = (name: Exclude<PaymentProviderName, 'stripe'>): Payments =>
  name === 'manual' ? manualPayments : acceptingPayments;

/** A refusal a payment step throws when the payment is not taken. */
export const paymentDeclined = (message = 'The payment was declined; nothing was sold.') =>
  new AppError(402, 'payment_declined', message);

/** The provider could not open its payment page: nothing was charged, the cart is held. */
export const paymentUnavailable = () =>
  new AppError(
    503,
    'payment_unavailable',
    'The payment page could not be opened right now; nothing was charged and your pieces are still held. Please try again in a moment.',
  );

/** A webhook whose signature does not verify (missing, wrong, or too old). */
export const invalidSignature = () =>
  new AppError(400, 'invalid_signature', 'The event’s signature does not verify.');

/** Whether a capture failed by refusing (nothing was taken) rather than in an unknown way. */
export const isPaymentDeclined = (error: unknown): boolean =>
  error instanceof AppError && error.statusCode === 402;
