import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { OwnOrigins } from './own-origins.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data instead of JSON (intake submit). */
    multipart?: boolean;
    /** The route reads its JSON body as bytes (a signed webhook): no field check here. */
    rawBody?: boolean;
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

// A browser's own request says same-origin, or none for one the user typed in.
const SAME_ORIGIN_SITES = new Set(['same-origin', 'none']);

/**
 * Sec-Fetch-Site sent twice arrives joined ("same-origin, cross-site"): every value
 * must be same-origin or none, or one forged value could vouch for a cross-site one.
 */
function isSameOriginFetch(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return true;
  const values = (Array.isArray(site) ? site : [site]).flatMap((v) => v.split(','));
  return values.every((value) => SAME_ORIGIN_SITES.has(value.trim().toLowerCase()));
}

/**
 * Refuses cross-site writes and non-JSON bodies on every state-changing route.
 * Cookies are SameSite=Lax, and this is the second wall: a browser marks a
 * cross-site request with Sec-Fetch-Site or an Origin that is not ours.
 */
export function installRequestGuards(app: FastifyInstance, origins: OwnOrigins): void {
  let warned = false;
  // A page of ours writing with an Origin we do not know is a misconfigured address
  // (PUBLIC_BASE_URL), not an attack: say so once, naming the variable, then stay quiet.
  const warnOnce = (request: FastifyRequest, origin: string) => {
    if (warned) return;
    warned = true;
    request.log.warn(origins.refusalHint(printable(origin)));
  };
  // Callback style: a read (most requests) passes without making a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    try {
      refuseCrossSiteOrUntypedWrite(request, origins, warnOnce);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** A stranger's header, made safe to quote in one log line. */
const printable = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

function refuseCrossSiteOrUntypedWrite(
  request: FastifyRequest,
  origins: OwnOrigins,
  warnOnce: (request: FastifyRequest, origin: string) => void,
): void {
  const origin = request.headers.origin;
  const sameSite = isSameOriginFetch(request);
  if (!sameSite || (origin !== undefined && !origins.accepts(origin))) {
    if (sameSite && origin !== undefined) warnOnce(request, origin);
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
}

/**
 * A route that declares no body takes none: `{"x": 1}` sent to it is an unknown
 * field, refused with 400 as on every route with a body (never silently ignored).
 * An empty object says nothing and passes. Multipart routes read their own form.
 */
export function refuseBodiesWhereNoneIsTaken(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.routeOptions.schema?.body) return done();
    if (request.routeOptions.config?.multipart || request.routeOptions.config?.rawBody)
      return done();
    try {
      refuseBody(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Anything but an empty object is refused where a route takes no body. */
function refuseBody(body: unknown): void {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const [first] = Object.keys(body);
    if (first === undefined) return;
    throw new AppError(
      400,
      'invalid_body',
      `Unknown field "${first.slice(0, 50)}"; this request takes no body.`,
      first.slice(0, 50),
    );
  }
  throw new AppError(400, 'invalid_body', 'This request takes no body.');
}
