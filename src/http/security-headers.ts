import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // The web client (a Vite build): its own modules and stylesheets only, never
      // inline code; photos previewed before upload are blob: URLs; it talks to its own API.
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      manifestSrc: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Helmet's headers for our settings, worked out once: they are the same for
 * every answer, and building them per request (parsing the CSP directives,
 * formatting names) was the largest cost of a cached storefront read.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(https),
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer carries the security headers; a route may still override one (media's CSP). */
export function installSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = securityHeaders(https);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
