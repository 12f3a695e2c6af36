import type { FastifyRequest } from 'fastify';
import type { Clock } from '../auth/clock.js';
import type { SessionStore } from '../auth/session-store.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin's id; set by the admin guard on admin routes. */
    adminId: number | null;
  }
}

export const ADMIN_COOKIE = 'shop_admin';

/** An onRequest hook for every admin route but sign-in: a live `shop_admin` session or 401. */
export function adminGuard(sessions: Pick<SessionStore, 'ownerOf'>, clock: Clock) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const adminId = await sessions.ownerOf(request.cookies[ADMIN_COOKIE], clock.now());
    if (adminId === null) throw unauthorized('not_signed_in', 'Sign in as an admin to continue.');
    request.adminId = adminId;
  };
}
