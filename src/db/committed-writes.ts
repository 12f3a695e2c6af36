import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { CATALOGUE_COMMIT_NOTICE, type OwnCommit } from './notifications.js';

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
 * whose reply is lost is left to the notification. A catalogue commit comes with
 * the version the database numbered it, from the NOTICE it sends the committing
 * session (0025; the embedded database's pool does not pass notices on).
 */
export function reportCommittedWrites(
  pool: PostgresPool,
  onCommit: (commit: OwnCommit) => void,
): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let inTransaction = false;
      let wrote = false;
      // What the database said of the commit under way (0025), from its NOTICE.
      let said: OwnCommit = {};
      const events = noticesOf(client);
      const heard = (notice: { message?: string }) => {
        if (notice.message?.startsWith(CATALOGUE_COMMIT_NOTICE))
          said = { catalogue: notice.message.slice(CATALOGUE_COMMIT_NOTICE.length) };
      };
      events?.on('notice', heard);
      // Kysely's connection uses only query() and release().
      return {
        async query(text: string, parameters: readonly unknown[]) {
          // A statement on its own commits on its own: nothing said before is about it.
          if (!inTransaction) said = {};
          const result = (await client.query(text, parameters)) as { rowCount?: number | null };
          if (BEGIN.test(text)) {
            inTransaction = true;
            wrote = false;
            said = {};
          } else if (COMMIT.test(text)) {
            if (wrote) onCommit(said);
            inTransaction = false;
            wrote = false;
          } else if (ROLLBACK.test(text)) {
            inTransaction = false;
            wrote = false;
          } else if (!READ_ONLY.test(text) && changedRows(text, result)) {
            if (inTransaction) wrote = true;
            else onCommit(said);
          }
          return result;
        },
        release: () => {
          events?.off('notice', heard);
          client.release();
        },
      } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

type NoticeListener = (notice: { message?: string }) => void;

/** node-postgres clients emit the server's notices; the embedded pool's clients do not. */
function noticesOf(client: PostgresPoolClient) {
  const events = client as unknown as Partial<{
    on(event: 'notice', listener: NoticeListener): unknown;
    off(event: 'notice', listener: NoticeListener): unknown;
  }>;
  return typeof events.on === 'function' && typeof events.off === 'function'
    ? (events as Required<typeof events>)
    : undefined;
}
