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

/**
 * The pluggable payment step of checkout (contract: Cart). It runs with no
 * transaction open, between the short transaction that claims the held items
 * and the one that records the sale, so a slow provider holds no lock.
 *
 * Both calls carry the checkout's idempotency key: a provider that sees one key
 * twice must act once. `capture` throws `paymentDeclined()` to refuse (nothing
 * is sold, the items stay in the cart). `void` undoes a capture (a void, or a
 * refund once settled): checkout calls it when the sale could not be recorded
 * after the money was taken, and when a capture failed in a way that leaves
 * its outcome unknown.
 */
export interface Payments {
  capture(idempotencyKey: string, order: PaymentOrder): Promise<CapturedPayment>;
  void(idempotencyKey: string): Promise<void>;
}

/** The built-in step: accepts every order (the shop takes payment elsewhere). */
export const acceptingPayments: Payments = {
  async capture(idempotencyKey) {
    return { reference: `accepted-${idempotencyKey}` };
  },
  async void() {},
};

/**
 * Bank transfer or pay on pickup: nothing is taken at checkout, the order waits
 * as `placed` and the admin marks it paid; a void has nothing to give back.
 */
export const manualPayments: Payments = {
  async capture(idempotencyKey) {
    return { reference: `manual-${idempotencyKey}`, paid: false };
  },
  async void() {},
};

/** The built-in provider named by PAYMENT_PROVIDER. */
export const paymentsNamed = (name: 'accept' | 'manual'): Payments =>
  name === 'manual' ? manualPayments : acceptingPayments;

/** A refusal a payment step throws when the payment is not taken. */
export const paymentDeclined = (message = 'The payment was declined; nothing was sold.') =>
  new AppError(402, 'payment_declined', message);

/** Whether a capture failed by refusing (nothing was taken) rather than in an unknown way. */
export const isPaymentDeclined = (error: unknown): boolean =>
  error instanceof AppError && error.statusCode === 402;
