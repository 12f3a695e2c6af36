import type { PostgresPool, PostgresPoolClient } from 'kysely';

// Statements that cannot change data; anything else (a top-level WITH included) counts as a write.
const READ_ONLY = /^\s*(select|show|explain|begin|start transaction|savepoint|release|rollback)\b/i;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const COMMIT = /^\s*(commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*;?\s*$/i;
// A plain INSERT, UPDATE or DELETE reports how many rows it changed; a WITH may
// write in a part whose rows the count does not show.
const PLAIN_WRITE = /^\s*(insert|update|delete)\b/i;

/** False only when the statement surely changed nothing (a sweep that found no expired hold). */
function changedRows(text: string, result: { rowCount?: number | null }): boolean {
  return !(PLAIN_WRITE.test(text) && result.rowCount === 0);
}

/**
 * Calls `onCommit` each time a write made through this pool is committed: after
 * a transaction's COMMIT if it wrote, or after a write outside one. This is how
 * the process's own writes reach what it keeps in memory at once, before the
 * database's notification for them arrives (it arrives a moment later).
 * Judged from the statement's first word, so a SELECT of a function that writes,
 * or EXPLAIN ANALYZE of a write, is not seen (nothing here sends either); a commit
 * whose reply is lost is left to the notification.
 */
export function reportCommittedWrites(pool: PostgresPool, onCommit: () => void): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let inTransaction = false;
      let wrote = false;
      // Kysely's connection uses only query() and release().
      return {
        async query(text: string, parameters: readonly unknown[]) {
          const result = (await client.query(text, parameters)) as { rowCount?: number | null };
          if (BEGIN.test(text)) {
            inTransaction = true;
            wrote = false;
          } else if (COMMIT.test(text)) {
            if (wrote) onCommit();
            inTransaction = false;
            wrote = false;
          } else if (ROLLBACK.test(text)) {
            inTransaction = false;
            wrote = false;
          } else if (!READ_ONLY.test(text) && changedRows(text, result)) {
            if (inTransaction) wrote = true;
            else onCommit();
          }
          return result;
        },
        release: () => client.release(),
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
