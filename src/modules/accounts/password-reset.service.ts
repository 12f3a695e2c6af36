import { hashPassword } from '../../auth/passwords.js';
import { isStorableText } from '../../db/storable-text.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueue, type JobRun } from '../../jobs/job-queue.js';
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

/** The job kind that issues a requested reset after the answer was sent. */
export const RESET_REQUEST_JOB = 'accounts.password-reset';

/** A reset link is useful within minutes: a few quick retries, then it is dropped (the person asks again). */
export const PASSWORD_RESET_JOB_OPTIONS = {
  maxAttempts: 5,
  backoffMs: (attempt: number) => attempt * 5_000,
  concurrency: 2,
};

/** Where a job's writes commit: with its done mark (JobRun.complete), or on their own. */
type Commit = JobRun['complete'];

/** Request and complete a password reset (spec 3 Tokens, 4.1). */
export function passwordResetService(ctx: AccountsContext) {
  return {
    /**
     * Spec 4.1: always the same answer. Before answering, every address costs the
     * same single insert (a job); the lookup, the mint and the mail happen in the
     * job, after the answer, so the answer's timing tells nothing about the address.
     */
    async request(email: string): Promise<void> {
      // Text the database cannot hold (a NUL) matches no account, and a job could not carry it.
      if (!isStorableText(email)) return;
      await enqueue(ctx.db, RESET_REQUEST_JOB, { email }, { now: ctx.clock.now() });
    },

    /**
     * The job: for an enabled account, mint a password_reset token (superseding
     * older ones) and queue the mail in the same transaction. Unknown and disabled
     * addresses get nothing (spec 4.1). The job passes `run.complete`, so the token
     * and the mail commit with the job's done mark: a crash in between cannot mint
     * a second token whose mail kills the first link.
     */
    async issue(email: string, commit: Commit = (work) => inTransaction(ctx.db, work)) {
      const customer = await customersRepository(ctx.db).findByEmail(email);
      if (!customer || customer.disabled_at) return;
      const at = ctx.clock.now();
      // Disabled and address are checked again under the customer row lock that the
      // mint takes: a disable or email change committing meanwhile wins.
      await commit(async (trx) => {
        const mail = await issueAccountToken(trx, ctx, customer.id, 'password_reset', at, email);
        if (mail) await ctx.outbox.queue(trx, mail, { customerId: customer.id });
      });
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
      const { customer, session } = await inTransaction(ctx.db, async (trx) => {
        // Lock order (docs/decisions.md): the customer row first, then its token.
        const customerId = owner;
        const customers = customersRepository(trx);
        const row = await customers.lockById(customerId);
        if (!row) throw invalidToken();
        // A token issued before the account was disabled mints nothing; the throw
        // rolls back the use of the token as well.
        if (row.disabled_at) throw accountDisabled();
        // The guarded use decides a race between two completions with one token.
        const used = await customerTokensRepository(trx).consume(
          'password_reset',
          token,
          customerId,
          at,
        );
        if (used === null) throw invalidToken();

        const sessions = customerSessions(trx, ctx.random);
        await sessions.endAllOf(customerId);
        await sessions.end(previousSession);
        await customerTokensRepository(trx).supersede(customerId, ALL_TOKEN_KINDS, at);
        const customer = await customers.update(customerId, {
          password_hash: passwordHash,
          // Spec 3: completing marks the address verified, but only the address
          // the link was mailed to: the mailbox that received it is what is proved.
          email_verified: row.email_verified || used.email === row.email,
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
