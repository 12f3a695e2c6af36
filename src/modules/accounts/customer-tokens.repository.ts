import { HOUR_MS } from '../../auth/clock.js';
import { digestToken, isWellFormedToken } from '../../auth/tokens.js';
import type { Db } from '../../db/database.js';
import type { CustomerTokenKind } from '../../db/schema.js';

/** Spec 3 Tokens: verify_email lives 24 hours, password_reset 1 hour. */
export const TOKEN_LIFETIME_MS: Readonly<Record<CustomerTokenKind, number>> = {
  verify_email: 24 * HOUR_MS,
  password_reset: HOUR_MS,
};

export const ALL_TOKEN_KINDS: readonly CustomerTokenKind[] = ['verify_email', 'password_reset'];

/**
 * Emailed single-use tokens (customer_tokens). Only SHA-256 digests are stored.
 * A superseded token is expired on the spot (expires_at = now): `used_at` stays
 * reserved for the one use a token may have.
 */
export function customerTokensRepository(db: Db) {
  return {
    /** Ends every outstanding token of these kinds for the customer. */
    async supersede(
      customerId: number,
      kinds: readonly CustomerTokenKind[],
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('customer_tokens')
        .set({ expires_at: now })
        .where('customer_id', '=', customerId)
        .where('kind', 'in', kinds)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    },

    /** `email` is the address the token is mailed to (issue: a completion verifies only that one). */
    async insert(
      customerId: number,
      kind: CustomerTokenKind,
      digest: string,
      email: string,
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('customer_tokens')
        .values({
          customer_id: customerId,
          kind,
          token_digest: digest,
          email,
          created_at: now,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
        })
        .execute();
    },

    /** A live token's owner, without using it up (a cheap check before Argon2 work). */
    async peek(kind: CustomerTokenKind, token: string, now: Date): Promise<number | null> {
      if (!isWellFormedToken(token)) return null;
      const row = await db
        .selectFrom('customer_tokens')
        .select('customer_id')
        .where('token_digest', '=', digestToken(token))
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },

    /**
     * Whether this token, live or not, was issued to an account that is now
     * disabled: disabling ends its tokens, yet completing one must still say why
     * (contract: 403 account_disabled rather than 400 invalid_token).
     */
    async issuedToDisabled(kind: CustomerTokenKind, token: string): Promise<boolean> {
      if (!isWellFormedToken(token)) return false;
      const row = await db
        .selectFrom('customer_tokens')
        .innerJoin('customers', 'customers.id', 'customer_tokens.customer_id')
        .select('customer_tokens.id')
        .where('customer_tokens.token_digest', '=', digestToken(token))
        .where('customer_tokens.kind', '=', kind)
        .where('customers.disabled_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses a token of this customer up in one guarded statement, so of two
     * concurrent uses only one gets the row back (conventions: races are decided
     * by the database). Call it after locking the customer row (lock order).
     * Unknown, used, expired and superseded tokens all give null; otherwise the
     * address the token was mailed to (null for tokens older than that column).
     */
    async consume(
      kind: CustomerTokenKind,
      token: string,
      customerId: number,
      now: Date,
    ): Promise<{ email: string | null } | null> {
      if (!isWellFormedToken(token)) return null;
      const row = await db
        .updateTable('customer_tokens')
        .set({ used_at: now })
        .where('token_digest', '=', digestToken(token))
        .where('kind', '=', kind)
        .where('customer_id', '=', customerId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('email')
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
