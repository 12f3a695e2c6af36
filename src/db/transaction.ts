import type { Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * deadlock_detected (40P01) and serialization_failure (40001): PostgreSQL
 * rolled the whole transaction back, and running it again is the documented
 * answer. The lock order (docs/decisions.md, Database) should make them rare;
 * this is the safety net, so a client never sees a 500 for the first one.
 */
const RETRYABLE = new Set(['40P01', '40001']);

/** Attempts in all, the first included. */
export const TRANSACTION_ATTEMPTS = 3;

export const isRetryableConflict = (error: unknown): boolean =>
  RETRYABLE.has(String((error as { code?: unknown } | null)?.code));

/**
 * Runs `work` in one transaction, again from the start (at most
 * TRANSACTION_ATTEMPTS times in all) when the database aborted it with a
 * deadlock or serialization failure. `work` must only touch the database: it
 * may run more than once, so mail and other effects belong after the commit.
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      // A short, growing, jittered pause lets the other transaction finish first.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
