import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** What the headers depend on, from the configuration. */
export interface SecurityHeaderOptions {
  /** PUBLIC_BASE_URL is https: HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** MEDIA_PUBLIC_BASE_URL, when photos are served from a CDN or the bucket itself. */
  mediaPublicBaseUrl: string | null;
}

function contentSecurityPolicy({ https, mediaPublicBaseUrl }: SecurityHeaderOptions) {
  // Photos under MEDIA_PUBLIC_BASE_URL come from its origin: that origin (never a
  // wildcard) may serve images, and nothing else (issue 30, item 17).
  const mediaOrigin = mediaPublicBaseUrl ? [new URL(mediaPublicBaseUrl).origin] : [];
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
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin],
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
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
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
    contentSecurityPolicy: contentSecurityPolicy(options),
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'no-referrer' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer carries the security headers; a route may still override one (media's CSP). */
export function installSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
