import { HOUR_MS } from '../../auth/clock.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { type SessionStore, sessionStore } from '../../auth/session-store.js';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../http/errors.js';
import { adminsRepository } from './admins.repository.js';

/** Admin sessions are short: a working day, then sign in again. */
export const ADMIN_SESSION_MS = 12 * HOUR_MS;

export function adminSessions(ctx: Pick<AppContext, 'db' | 'random'>): SessionStore {
  return sessionStore(ctx.db, {
    table: 'admin_sessions',
    ownerColumn: 'admin_id',
    lifetimeMs: ADMIN_SESSION_MS,
    random: ctx.random,
  });
}

export function adminAuthService(ctx: Pick<AppContext, 'db' | 'clock' | 'random'>) {
  const admins = adminsRepository(ctx.db);
  const sessions = adminSessions(ctx);

  return {
    sessions,

    /** Checks the password (same Argon2 cost for unknown addresses) and opens a session. */
    async signIn(email: string, password: string) {
      const admin = await admins.findByEmail(email);
      const ok = await verifyPassword(admin?.password_hash, password);
      if (!admin || !ok)
        throw unauthorized('invalid_credentials', 'The email or password is wrong.');
      const session = await sessions.create(admin.id, ctx.clock.now());
      return { admin: { id: admin.id, email: admin.email, created_at: admin.created_at }, session };
    },

    signOut: (token: string | undefined) => sessions.end(token),

    findAdmin: (id: number) => admins.findById(id),

    /**
     * Sets a new password for an existing admin (npm run admin:password) and
     * ends their sessions: whoever knew the old one is signed out. False when
     * no admin has that address; nothing is created then.
     */
    async setPassword(email: string, password: string): Promise<boolean> {
      const id = await admins.setPasswordHash(email, await hashPassword(password));
      if (id === undefined) return false;
      await sessions.endAllOf(id);
      return true;
    },

    /** Creates the admin unless one with that address exists; true when created. */
    async ensureAdmin(email: string, password: string): Promise<boolean> {
      if (await admins.findByEmail(email)) return false;
      return admins.insertIfAbsent(email, await hashPassword(password));
    },
  };
}

export type AdminAuthService = ReturnType<typeof adminAuthService>;
