import { hashPassword } from '../../auth/passwords.js';
import {
  type AccountsContext,
  accountDisabled,
  assertAcceptablePassword,
  invalidToken,
  toCustomer,
} from './accounts.service.js';
import { customerSessions } from './customer-sessions.js';
import { ALL_TOKEN_KINDS, customerTokensRepository } from './customer-tokens.repository.js';
import { issueAccountToken } from './customer-tokens.service.js';
import { customersRepository } from './customers.repository.js';

/** The one body of every reset request, whether or not the address has an account (spec 4.1). */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, we have sent it a link to choose a new password.';

/** Request and complete a password reset (spec 3 Tokens, 4.1). */
export function passwordResetService(ctx: AccountsContext) {
  return {
    /**
     * For an enabled account: mint a password_reset token (superseding older ones)
     * and mail the link. Unknown and disabled addresses get nothing (spec 4.1).
     * The mail is sent in the background, so a known address answers as fast as an
     * unknown one.
     */
    async request(email: string): Promise<void> {
      const customer = await customersRepository(ctx.db).findByEmail(email);
      if (!customer || customer.disabled_at) return;
      const at = ctx.clock.now();
      const mail = await ctx.db
        .transaction()
        .execute((trx) => issueAccountToken(trx, ctx, customer, 'password_reset', at));
      ctx.mailer.sendInBackground(mail);
    },

    /**
     * Spec 3 Tokens: uses the token, deletes all the customer's sessions, marks the
     * address verified, supersedes outstanding tokens, sets the password and mints
     * a new session, all in one transaction. For a disabled account nothing changes
     * and no session is minted (403 account_disabled).
     */
    async complete(token: string, password: string, previousSession: string | undefined) {
      assertAcceptablePassword(password);
      const tokens = customerTokensRepository(ctx.db);
      // A cheap look first: this route has no rate limit (spec 8), so a made-up
      // token must not cost Argon2 work.
      const owner = await tokens.peek('password_reset', token, ctx.clock.now());
      if (owner === null) {
        if (await tokens.issuedToDisabled('password_reset', token)) throw accountDisabled();
        throw invalidToken();
      }
      const passwordHash = await hashPassword(password);

      const at = ctx.clock.now();
      const { customer, session } = await ctx.db.transaction().execute(async (trx) => {
        // The guarded use decides a race between two completions with one token.
        const customerId = await customerTokensRepository(trx).consume('password_reset', token, at);
        if (customerId === null) throw invalidToken();
        const customers = customersRepository(trx);
        const row = await customers.lockById(customerId);
        // A token issued before the account was disabled mints nothing; the throw
        // rolls back the use of the token as well.
        if (!row || row.disabled_at) throw accountDisabled();

        const sessions = customerSessions(trx, ctx.random);
        await sessions.endAllOf(customerId);
        await sessions.end(previousSession);
        await customerTokensRepository(trx).supersede(customerId, ALL_TOKEN_KINDS, at);
        const customer = await customers.update(customerId, {
          password_hash: passwordHash,
          email_verified: true,
          updated_at: at,
        });
        const session = await sessions.create(customerId, at);
        return { customer, session };
      });
      return { customer: toCustomer(customer), session };
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
