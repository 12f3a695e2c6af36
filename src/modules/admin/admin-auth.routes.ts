import { clearSessionCookie, setSessionCookie } from '../../auth/session-cookie.js';
import { isHttps } from '../../config.js';
import type { App, AppContext } from '../../context.js';
import { ADMIN_COOKIE } from '../../http/admin-guard.js';
import { notFound } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limits.js';
import { errors, NoContent } from '../../http/schemas.js';
import { AdminLoginBody, AdminResponse } from './admin-auth.schemas.js';
import { ADMIN_SESSION_MS, type AdminAuthService } from './admin-auth.service.js';

const tags = ['admin'];

/** POST /api/admin/login: the one admin route without the guard. */
export function adminLoginRoute(app: App, ctx: AppContext, auth: AdminAuthService): void {
  const secure = isHttps(ctx.config);
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in as the admin; sets the shop_admin cookie',
        body: AdminLoginBody,
        response: { 200: AdminResponse, ...errors(400, 401, 415, 429) },
      },
      config: { rateLimit: rateLimits.adminLogin },
    },
    async (request, reply) => {
      const { admin, session } = await auth.signIn(request.body.email, request.body.password);
      // Signing in replaces whatever admin session this browser had.
      await auth.signOut(request.cookies[ADMIN_COOKIE]);
      setSessionCookie(reply, ADMIN_COOKIE, session.token, ADMIN_SESSION_MS, secure);
      return admin;
    },
  );
}

/** Routes behind the admin guard. */
export function adminSessionRoutes(app: App, ctx: AppContext, auth: AdminAuthService): void {
  const secure = isHttps(ctx.config);
  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends this admin session',
        response: { 204: NoContent, ...errors(401) },
      },
    },
    async (request, reply) => {
      await auth.signOut(request.cookies[ADMIN_COOKIE]);
      clearSessionCookie(reply, ADMIN_COOKIE, secure);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in admin',
        response: { 200: AdminResponse, ...errors(401) },
      },
    },
    async (request) => {
      const admin = await auth.findAdmin(request.adminId!);
      if (!admin) throw notFound();
      return admin;
    },
  );
}
