import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkNotActive } from '../modules/intake/link-not-active.js';
import { AppError, errorBody } from './errors.js';

/**
 * Refusals Fastify or Node make before any hook runs (a URL that does not decode,
 * an over-long path parameter, a malformed request line, headers too large): they
 * get the contract's error shape and the security headers like every other answer.
 */

// The contract: any unusable upload-link token, however malformed, is 404 link_not_active,
// the very answer an unknown token gets (spec 4.3 rule 6).
const UPLOAD_LINKS = '/api/upload-links/';

export function refusalFor(error: Pick<FastifyError, 'code'>, url: string): AppError {
  if (url.startsWith(UPLOAD_LINKS)) return linkNotActive();
  if (url.startsWith('/media/'))
    return new AppError(404, 'not_found', 'There is nothing at this address.');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new AppError(400, 'invalid_id', 'The id in the path is not a valid id.');
  return new AppError(400, 'invalid_url', 'The URL is malformed.');
}

/** Fastify's `frameworkErrors` option: runs instead of its own plain-text-ish answers. */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalFor(error, request.raw.url ?? '');
    reply.headers(headers).code(refusal.statusCode).send(errorBody(refusal.code, refusal.message));
  };
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request took too long to arrive.'],
};

/**
 * Node's `clientError`: a request the HTTP parser refused (malformed request line,
 * headers too large, a timeout). Answered on the raw socket, then closed.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
      400,
      'bad_request',
      'The request is malformed.',
    ];
    const body = JSON.stringify(errorBody(code, message));
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}

/**
 * The methods each known path answers, so a wrong method on a known path is 405
 * with `Allow` rather than 404. Paths are kept as patterns (`:id`, `*`) from onRoute.
 */
export function trackRouteMethods(app: FastifyInstance): void {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    // The web client's page fallback answers a GET anywhere; it makes no path "known".
    if (route.url === '/*') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const source = route.url
      .split('/')
      .map((segment) =>
        segment.startsWith(':')
          ? '[^/]+'
          : segment === '*'
            ? '.*'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  app.decorate('allowedMethods', (url: string) => {
    const path = url.split('?')[0] ?? '';
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed].sort();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods a URL's path answers (empty when no route has that path). */
    allowedMethods: (url: string) => string[];
  }
}

/** 405 with `Allow` when the path is known under other methods; null when it is not known at all. */
export function methodNotAllowed(request: FastifyRequest): AppError | null {
  const allowed = request.server.allowedMethods(request.url);
  if (allowed.length === 0 || allowed.includes(request.method)) return null;
  return new AppError(
    405,
    'method_not_allowed',
    `This address does not take ${request.method}; it takes ${allowed.join(', ')}.`,
    undefined,
    { allow: allowed.join(', ') },
  );
}
