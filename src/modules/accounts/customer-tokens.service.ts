import { emailLookupForms } from '../../auth/email.js';
import { mintToken, type RandomBytes } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CustomerTokenKind } from '../../db/schema.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { accountMailFor } from './account-mail.js';
import { customerTokensRepository } from './customer-tokens.repository.js';
import { customersRepository } from './customers.repository.js';

/**
 * The supersede, mint and send sequence of spec 4.1, shared by registration,
 * email change, resend-verification and password reset. Runs inside the
 * caller's transaction and returns the rendered mail, which the caller sends
 * after the commit (spec 6).
 *
 * The customer row is locked first (docs/decisions.md, lock order) and read
 * under that lock, so two mints cannot both leave a live token, and a disable
 * or an email change that commits first is seen: a disabled account gets no
 * token (spec 4.1), and the token is mailed to, and records, the address the
 * row holds now. With `forAddress`, nothing is minted unless the account still
 * has that address (a reset asked for one address must not go to another).
 * Returns null when nothing was minted.
 */
export async function issueAccountToken(
  trx: Db,
  deps: { config: Pick<Config, 'publicBaseUrl' | 'shopLanguage'>; random: RandomBytes },
  customerId: number,
  kind: CustomerTokenKind,
  now: Date,
  forAddress?: string,
): Promise<OutgoingMail | null> {
  const customer = await customersRepository(trx).lockById(customerId);
  if (!customer || customer.disabled_at) return null;
  if (forAddress !== undefined && !emailLookupForms(forAddress).includes(customer.email))
    return null;
  const tokens = customerTokensRepository(trx);
  await tokens.supersede(customerId, [kind], now);
  const { token, digest } = mintToken(deps.random);
  await tokens.insert(customerId, kind, digest, customer.email, now);
  return accountMailFor(deps.config, kind, customer, token);
}
