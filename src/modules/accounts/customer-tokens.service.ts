import { mintToken, type RandomBytes } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CustomerTokenKind } from '../../db/schema.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { accountMailFor } from './account-mail.js';
import { customerTokensRepository } from './customer-tokens.repository.js';
import { customersRepository } from './customers.repository.js';

/**
 * Mints a token of a kind for a customer, superseding every outstanding one of
 * that kind (spec 3 Tokens). Call inside a transaction: the customer row is
 * locked so two mints cannot both leave a live token. Returns the token, which
 * goes into the mail and nowhere else.
 */
async function mintCustomerToken(
  trx: Db,
  random: RandomBytes,
  customerId: number,
  kind: CustomerTokenKind,
  now: Date,
): Promise<string> {
  await customersRepository(trx).lockById(customerId);
  const tokens = customerTokensRepository(trx);
  await tokens.supersede(customerId, [kind], now);
  const { token, digest } = mintToken(random);
  await tokens.insert(customerId, kind, digest, now);
  return token;
}

/**
 * The supersede, mint and send sequence of spec 4.1, shared by registration,
 * email change, resend-verification and password reset. Runs inside the
 * caller's transaction and returns the rendered mail, which the caller sends
 * after the commit (spec 6).
 */
export async function issueAccountToken(
  trx: Db,
  deps: { config: Pick<Config, 'publicBaseUrl'>; random: RandomBytes },
  customer: { id: number; email: string; first_name: string | null },
  kind: CustomerTokenKind,
  now: Date,
): Promise<OutgoingMail> {
  const token = await mintCustomerToken(trx, deps.random, customer.id, kind, now);
  return accountMailFor(deps.config, kind, customer, token);
}
