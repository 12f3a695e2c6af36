import type { Insertable } from 'kysely';
import { emailProblem, normaliseEmail } from '../../auth/email.js';
import { passwordProblem } from '../../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CustomersTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { SignedInCustomer } from '../../http/customer-guard.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.js';
import type { CustomerResponse, RegisterBody, UpdateMeBody } from './accounts.schemas.js';
import { shownWording } from './consent.js';
import { customerSessions } from './customer-sessions.js';
import { ALL_TOKEN_KINDS, customerTokensRepository } from './customer-tokens.repository.js';
import { issueAccountToken } from './customer-tokens.service.js';
import { customersRepository } from './customers.repository.js';

export type AccountsContext = Pick<
  AppContext,
  'db' | 'clock' | 'random' | 'config' | 'outbox' | 'webhookEvents' | 'metrics' | 'shop'
>;

/** The contract's customer object, and nothing more. */
export function toCustomer(row: SignedInCustomer): CustomerResponse {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    email_verified: row.email_verified,
    marketing_consent: row.marketing_consent,
    sold_notifications: row.sold_notifications,
    created_at: row.created_at,
    // Only once chosen: a customer who never chose keeps the contract's object as it was.
    ...(row.language ? { language: row.language } : {}),
  };
}

/** 400 weak_password: under 8 or over 128 characters, or among the most common (issue 4). */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest('weak_password', problem, 'password');
}

export const emailTaken = () =>
  conflict('email_taken', 'An account with this email address already exists.', 'email');

export const accountDisabled = () =>
  forbidden('account_disabled', 'This account has been disabled. Contact the shop for help.');

/**
 * Marketing consent is stored as flag, exact wording and time (spec 2). Agreeing
 * needs the wording that was shown; the wording alone, without the flag, says nothing.
 */
function marketingConsent(
  given: boolean | undefined,
  text: string | undefined,
  now: Date,
): Partial<Insertable<CustomersTable>> {
  if (given === undefined) {
    if (text !== undefined)
      throw badRequest(
        'invalid_body',
        'Send marketing_consent_text together with marketing_consent.',
        'marketing_consent_text',
      );
    return {};
  }
  const wording = shownWording(text);
  if (given && wording === null)
    throw badRequest(
      'consent_text_required',
      'Agreeing to marketing needs the exact wording that was shown (marketing_consent_text).',
      'marketing_consent_text',
    );
  return {
    marketing_consent: given,
    marketing_consent_text: wording,
    marketing_consent_at: now,
  };
}

/** Register, sign in and out, the profile, and email verification (spec 4.1). */
/**
 * The canonical form of an address a customer chooses (register, email change),
 * or 400 invalid_email naming what is wrong: an invisible character, a local part
 * mixing scripts, no domain (issue 31 item 5). A canonical duplicate is 409 later.
 */
function acceptableEmail(input: string): string {
  const problem = emailProblem(input);
  if (problem) throw badRequest('invalid_email', problem, 'email');
  return normaliseEmail(input);
}

export function accountsService(ctx: AccountsContext) {
  const now = () => ctx.clock.now();

  return {
    /**
     * Creates the account, its first verify_email token and a session in one
     * transaction; the verification mail goes out after the commit (spec 6).
     * `previousSession` is the browser's old cookie: signing in replaces it.
     */
    async register(input: RegisterBody, previousSession: string | undefined) {
      assertAcceptablePassword(input.password);
      const at = now();
      const consent = marketingConsent(input.marketing_consent, input.marketing_consent_text, at);
      const email = acceptableEmail(input.email);
      // Checked first so a taken address costs no Argon2 work; the unique index decides races.
      if (await customersRepository(ctx.db).isEmailTaken(email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);

      const { customer, session } = await inTransaction(ctx.db, async (trx) => {
        const customer = await customersRepository(trx)
          .insert({
            email,
            password_hash: passwordHash,
            first_name: input.first_name.trim(),
            last_name: input.last_name.trim(),
            created_at: at,
            updated_at: at,
            ...(input.language ? { language: input.language } : {}),
            ...consent,
          })
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? emailTaken() : error;
          });
        const mail = await issueAccountToken(trx, ctx, customer.id, 'verify_email', at);
        if (mail) await ctx.outbox.queue(trx, mail, { customerId: customer.id });
        const sessions = customerSessions(trx, ctx.random);
        await sessions.end(previousSession);
        const session = await sessions.create(customer.id, at);
        return { customer, session };
      });
      return { customer: toCustomer(customer), session };
    },

    /**
     * The password is verified first (an unknown address costs the same Argon2
     * work); only then is a disabled account refused with 403 (spec 4.1, 5).
     * The session is inserted under the customer row lock after reading
     * `disabled_at` again: a disable that commits while the password is being
     * checked wins, and no session is left to revive on a re-enable (spec 3).
     */
    async signIn(email: string, password: string, previousSession: string | undefined) {
      const row = await customersRepository(ctx.db).findByEmail(email);
      const ok = await verifyPassword(row?.password_hash, password);
      if (!row || !ok) throw unauthorized('invalid_credentials', 'The email or password is wrong.');
      if (row.disabled_at) throw accountDisabled();
      const at = now();
      const session = await inTransaction(ctx.db, async (trx) => {
        const locked = await customersRepository(trx).lockById(row.id);
        if (!locked) throw unauthorized('invalid_credentials', 'The email or password is wrong.');
        if (locked.disabled_at) throw accountDisabled();
        const sessions = customerSessions(trx, ctx.random);
        await sessions.end(previousSession);
        return sessions.create(row.id, at);
      });
      const { password_hash: _, ...customer } = row;
      return { customer: toCustomer(customer), session };
    },

    signOut: (token: string | undefined) => customerSessions(ctx.db, ctx.random).end(token),

    /**
     * Names, email and marketing consent. A new address is unverified and gets a
     * verification mail through the same supersede, mint and send sequence (spec 4.1).
     * A new address also ends every outstanding reset and verify token: they were
     * mailed to the old one and must not verify the new one.
     */
    async updateProfile(current: SignedInCustomer, input: UpdateMeBody): Promise<CustomerResponse> {
      const at = now();
      const changes: Partial<Insertable<CustomersTable>> = {
        ...marketingConsent(input.marketing_consent, input.marketing_consent_text, at),
      };
      if (input.first_name !== undefined) changes.first_name = input.first_name.trim();
      if (input.last_name !== undefined) changes.last_name = input.last_name.trim();
      if (input.language !== undefined) changes.language = input.language;
      const email = input.email === undefined ? undefined : acceptableEmail(input.email);
      const emailChanged = email !== undefined && email !== current.email;
      if (emailChanged) {
        if (await customersRepository(ctx.db).isEmailTaken(email, current.id)) throw emailTaken();
        changes.email = email;
        changes.email_verified = false;
      }
      if (Object.keys(changes).length === 0) return toCustomer(current);

      const customer = await inTransaction(ctx.db, async (trx) => {
        // The UPDATE locks the customer row first (lock order), then the tokens.
        const customer = await customersRepository(trx)
          .update(current.id, { ...changes, updated_at: at })
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? emailTaken() : error;
          });
        if (emailChanged) {
          await customerTokensRepository(trx).supersede(current.id, ALL_TOKEN_KINDS, at);
          const mail = await issueAccountToken(trx, ctx, current.id, 'verify_email', at);
          if (mail) await ctx.outbox.queue(trx, mail, { customerId: current.id });
        }
        return customer;
      });
      return toCustomer(customer);
    },

    /**
     * Uses a verify_email token and marks the address verified. Unknown, used,
     * expired and superseded tokens are refused alike; a disabled account changes
     * nothing. Lock order: the token's owner is looked up without a lock, then
     * the customer row is locked, then the token used (docs/decisions.md).
     */
    async verifyEmail(token: string): Promise<CustomerResponse> {
      const at = now();
      const owner = await customerTokensRepository(ctx.db).peek('verify_email', token, at);
      if (owner === null) throw invalidToken();
      const customer = await inTransaction(ctx.db, async (trx) => {
        const customers = customersRepository(trx);
        const row = await customers.lockById(owner);
        if (!row) throw invalidToken();
        // Throwing rolls the use of the token back too.
        if (row.disabled_at) throw accountDisabled();
        const used = await customerTokensRepository(trx).consume('verify_email', token, owner, at);
        // Only the address the link was mailed to is proved (an email change ends
        // older links; a token from before 0015 names no address and proves none).
        if (used === null || used.email !== row.email) throw invalidToken();
        return customers.update(owner, { email_verified: true, updated_at: at });
      });
      return toCustomer(customer);
    },

    /** Spec 4.1 resend rules 2 and 4: refused when verified; the new token supersedes older ones. */
    async resendVerification(current: SignedInCustomer): Promise<void> {
      if (current.email_verified)
        throw conflict('already_verified', 'This email address is already verified.');
      await inTransaction(ctx.db, async (trx) => {
        const mail = await issueAccountToken(trx, ctx, current.id, 'verify_email', now());
        if (mail) await ctx.outbox.queue(trx, mail, { customerId: current.id });
      });
    },
  };
}

export const invalidToken = () =>
  badRequest(
    'invalid_token',
    'This link is not valid any more: it was used, replaced by a newer one, or has expired.',
    'token',
  );

export type AccountsService = ReturnType<typeof accountsService>;
