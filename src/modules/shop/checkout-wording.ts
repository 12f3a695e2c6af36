import type { PaymentProvider } from '../../config.js';

/**
 * The order button's words (EU "button solution", Directive 2011/83/EU art. 8(2);
 * CJEU C-249/21): they must say that ordering means paying. A manual payment is
 * made later by the buyer, so its button names the obligation itself.
 */
export function checkoutButtonLabel(provider: PaymentProvider): string {
  return provider === 'manual' ? 'Order with obligation to pay' : 'Order and pay';
}

/** What the checkout showed when the buyer had to accept the terms (stored with the order). */
export function checkoutWording(
  provider: PaymentProvider,
  legal: { termsVersion: number | null; withdrawalVersion: number | null },
): string {
  const accepted =
    legal.termsVersion !== null
      ? `I accept the terms and conditions${legal.withdrawalVersion !== null ? ' and have read the right of withdrawal' : ''}. `
      : '';
  return `${accepted}[${checkoutButtonLabel(provider)}]`;
}
