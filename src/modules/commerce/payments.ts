import { AppError } from '../../http/errors.js';

/** What checkout asks the payment step to capture: the buyer and the items being sold. */
export interface PaymentOrder {
  buyerId: number;
  items: Array<{ id: number; price_cents: number }>;
  totalCents: number;
}

/**
 * The pluggable payment step of checkout (contract: Cart). It runs inside the
 * checkout transaction, after the items are claimed and before the commit: when
 * it throws, nothing is sold and the items stay in the cart.
 */
export interface Payments {
  capture(order: PaymentOrder): Promise<void>;
}

/** The built-in step: accepts every order (the shop takes payment elsewhere). */
export const acceptingPayments: Payments = {
  async capture() {},
};

/** A refusal a payment step throws when the payment is not taken. */
export const paymentDeclined = (message = 'The payment was declined; nothing was sold.') =>
  new AppError(402, 'payment_declined', message);
