import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { digestToken, isWellFormedToken, mintToken, type RandomBytes } from './tokens.js';

/**
 * Server-side sessions behind a cookie, for customers and admins alike. A row
 * holds only the SHA-256 of the cookie's 32 random bytes; the cookie value itself
 * is never stored or logged.
 */
export interface SessionStore {
  /** Creates a session and returns the cookie value, shown to the browser once. */
  create(ownerId: number, now: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The owner of a live session, or null for unknown, malformed or expired tokens. */
  ownerOf(token: string | undefined, now: Date): Promise<number | null>;
  /** Ends one session (sign-out). */
  end(token: string | undefined): Promise<void>;
  /** Ends every session of an owner (disable, password reset, deletion). */
  endAllOf(ownerId: number): Promise<void>;
}

export interface SessionStoreOptions {
  table: 'customer_sessions' | 'admin_sessions';
  ownerColumn: 'customer_id' | 'admin_id';
  lifetimeMs: number;
  random: RandomBytes;
}

export function sessionStore(db: Db, options: SessionStoreOptions): SessionStore {
  // Table and column names come from the fixed union above, never from input.
  const table = sql.table(options.table);
  const owner = sql.ref(options.ownerColumn);

  return {
    async create(ownerId, now) {
      const { token, digest } = mintToken(options.random);
      const expiresAt = new Date(now.getTime() + options.lifetimeMs);
      // The owner's sessions that ran out go as a new one starts: rows do not pile up.
      await sql`DELETE FROM ${table} WHERE ${owner} = ${ownerId} AND expires_at <= ${now}`.execute(
        db,
      );
      await sql`INSERT INTO ${table} (${owner}, token_digest, created_at, expires_at)
                VALUES (${ownerId}, ${digest}, ${now}, ${expiresAt})`.execute(db);
      return { token, expiresAt };
    },

    async ownerOf(token, now) {
      if (!isWellFormedToken(token)) return null;
      const { rows } = await sql<{ owner_id: number }>`
        SELECT ${owner} AS owner_id FROM ${table}
        WHERE token_digest = ${digestToken(token)} AND expires_at > ${now}`.execute(db);
      return rows[0]?.owner_id ?? null;
    },

    async end(token) {
      if (!isWellFormedToken(token)) return;
      await sql`DELETE FROM ${table} WHERE token_digest = ${digestToken(token)}`.execute(db);
    },

    async endAllOf(ownerId) {
      await sql`DELETE FROM ${table} WHERE ${owner} = ${ownerId}`.execute(db);
    },
  };
}
