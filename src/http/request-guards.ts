import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data instead of JSON (intake submit). */
    multipart?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Exactly application/json, optionally with a UTF-8 charset. Anything looser
// (text/plain, forms, odd casing or spacing) is what a cross-site form or a
// confused client sends, so it is refused rather than guessed at.
const JSON_TYPE = /^application\/json(?:; ?charset=(?:utf-8|UTF-8))?$/;
const MULTIPART_TYPE = /^multipart\/form-data; ?boundary=/i;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Refuses cross-site writes and non-JSON bodies on every state-changing route.
 * Cookies are SameSite=Lax, and this is the second wall: a browser marks a
 * cross-site request with Sec-Fetch-Site or an Origin that is not ours.
 */
export function installRequestGuards(app: FastifyInstance, ownOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;

    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site === 'cross-site' || (origin !== undefined && origin !== ownOrigin)) {
      throw new AppError(403, 'cross_site_request', 'Requests from other sites are not accepted.');
    }

    if (!hasBody(request)) return;
    const type = request.headers['content-type'] ?? '';
    const accepted = request.routeOptions.config?.multipart
      ? MULTIPART_TYPE.test(type)
      : JSON_TYPE.test(type);
    if (!accepted) {
      throw new AppError(
        415,
        'unsupported_media_type',
        request.routeOptions.config?.multipart
          ? 'Send the form as multipart/form-data.'
          : 'Send the body as application/json.',
      );
    }
  });
}
