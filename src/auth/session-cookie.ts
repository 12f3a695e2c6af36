import type { FastifyReply } from 'fastify';

const BASE = { httpOnly: true, sameSite: 'lax', path: '/' } as const;

/** HttpOnly, SameSite=Lax, whole site; Secure whenever the shop is served over https. */
export function setSessionCookie(
  reply: FastifyReply,
  name: string,
  token: string,
  maxAgeMs: number,
  secure: boolean,
): void {
  reply
    .setCookie(name, token, { ...BASE, secure, maxAge: Math.floor(maxAgeMs / 1000) })
    // A response that sets a credential must never be stored by a cache.
    .header('cache-control', 'no-store');
}

export function clearSessionCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { ...BASE, secure }).header('cache-control', 'no-store');
}
