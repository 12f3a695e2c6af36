/** The buyer's words for a payment that could not buy what it was for (a cancel reason). */
export const NO_LONGER_HELD =
  'Your payment arrived after the pieces were no longer held for you, so they could not be sold to you; the payment is refunded in full.';
