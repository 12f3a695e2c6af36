import { DAY_MS } from '../../auth/clock.js';
import { type SessionStore, sessionStore } from '../../auth/session-store.js';
import type { RandomBytes } from '../../auth/tokens.js';
import type { Db } from '../../db/database.js';

/** Spec 5 / 8: a customer session lasts 30 days. */
export const CUSTOMER_SESSION_MS = 30 * DAY_MS;

/** Customer sessions on the app's db or inside a transaction. */
export function customerSessions(db: Db, random: RandomBytes): SessionStore {
  return sessionStore(db, {
    table: 'customer_sessions',
    ownerColumn: 'customer_id',
    lifetimeMs: CUSTOMER_SESSION_MS,
    random,
  });
}
