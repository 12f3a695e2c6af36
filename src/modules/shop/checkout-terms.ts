import type { PaymentProvider } from '../../config.js';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { checkoutWording } from './checkout-wording.js';
import { type PageLanguage, pagesRepository } from './pages.repository.js';

/** What the buyer accepted at checkout, recorded with the order (issue 33 item 3). */
export interface AcceptedLegal {
  termsVersion: number | null;
  withdrawalVersion: number | null;
  /** The exact words shown with the order button. */
  checkoutWording: string;
}

/**
 * Once a `terms` page exists, an order needs `accept_terms: true` (400
 * terms_not_accepted otherwise, before anything is held or paid). The versions
 * are those current now in the buyer's language: what the checkout page showed them.
 */
export async function acceptedLegal(
  db: Db,
  provider: PaymentProvider,
  body: { accept_terms?: boolean | undefined; checkout_wording?: string | undefined } = {},
  /** The buyer's language: the versions they were shown (theirs, else the shop's). */
  language: PageLanguage,
): Promise<AcceptedLegal> {
  const pages = pagesRepository(db);
  const [terms, withdrawal] = await Promise.all([
    pages.shown('terms', language),
    pages.shown('withdrawal', language),
  ]);
  if (terms && body.accept_terms !== true)
    throw badRequest(
      'terms_not_accepted',
      'Please accept the terms and conditions to place your order.',
      'accept_terms',
    );
  const legal = {
    termsVersion: terms?.version ?? null,
    withdrawalVersion: withdrawal?.version ?? null,
  };
  // The words the client showed, as consent wording is kept (spec 2); the shop's own otherwise.
  const shown = body.checkout_wording?.trim();
  return { ...legal, checkoutWording: shown || checkoutWording(provider, legal) };
}
