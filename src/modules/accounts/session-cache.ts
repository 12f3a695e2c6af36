import type { Clock } from '../../auth/clock.js';
import { CHANNELS, type Notifications } from '../../db/notifications.js';
import type { CustomerSessionLookup, SignedInCustomer } from '../../http/customer-guard.js';

/** How long one session check may be reused (the benchmark issue allows a few seconds). */
export const SESSION_CACHE_MS = 5_000;
/** Bounds memory whatever the number of cookies in use (about 1 KB each). */
export const SESSION_CACHE_ENTRIES = 10_000;

export type SessionRead = (
  token: string,
) => Promise<{ customer: SignedInCustomer; expiresAt: Date } | null>;

export interface SessionCache {
  lookup: CustomerSessionLookup;
  close(): void;
}

interface Entry {
  customer: SignedInCustomer;
  sessionExpiresAt: number;
  storedAt: number;
}

/**
 * Spec 5's check on every request, answered from memory for a few seconds.
 * Any change to a customer row or an ended session, on any instance, empties
 * the cache as it commits (migration 0013's notifications), and so does any
 * write this process commits, before its answer is sent. While notifications are not
 * being delivered, every request reads the database as before. Only live
 * sessions are kept: an unknown or expired token is always read again.
 */
export function sessionCache(
  read: SessionRead,
  notifications: Notifications,
  clock: Clock,
): SessionCache {
  // Keyed by the cookie value itself, which the request holds anyway: hashing it
  // again here cost more than the rest of a cached check.
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation: a read begun before it must not be stored.
  let epoch = 0;
  const forget = () => {
    entries.clear();
    epoch++;
  };
  const unsubscribe = notifications.subscribe(CHANNELS.customerSessions, {
    message: forget,
    reset: forget,
  });

  async function readAndKeep(token: string, now: number): Promise<SignedInCustomer | null> {
    const began = epoch;
    const found = await read(token);
    if (!found) return null;
    const customer = Object.freeze(found.customer);
    // Kept while nothing was missed (`listening`); answered from only while `live`.
    if (began === epoch && notifications.listening) {
      entries.set(token, {
        customer,
        sessionExpiresAt: found.expiresAt.getTime(),
        storedAt: now,
      });
      // Map keeps insertion order: drop the oldest.
      if (entries.size > SESSION_CACHE_ENTRIES)
        entries.delete(entries.keys().next().value as string);
    }
    return customer;
  }

  return {
    lookup(token) {
      const now = clock.now().getTime();
      const entry = entries.get(token);
      if (entry && notifications.live) {
        const age = now - entry.storedAt;
        if (age >= 0 && age < SESSION_CACHE_MS && now < entry.sessionExpiresAt)
          return entry.customer;
      }
      if (entry) entries.delete(token);
      return readAndKeep(token, now);
    },
    close: unsubscribe,
  };
}
