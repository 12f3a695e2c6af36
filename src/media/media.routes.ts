import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyReply } from 'fastify';
import type { App } from '../context.js';
import { errorBody } from '../http/errors.js';
import { readConditionsOf } from './media-request.js';
import type { MediaStorage } from './storage.js';

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

function sandbox(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

const notHere = () => errorBody('not_found', 'There is nothing at this address.');
const notSatisfiable = () =>
  errorBody('range_not_satisfiable', 'The requested range starts past the end of the file.');

/**
 * GET and HEAD /media/*: stored images. Names are random and never reused, so a
 * response may be cached for a year. nosniff and a sandboxing CSP make sure an
 * image URL can never be made to run script, whatever bytes it holds. A disk
 * store is served by the static server; any other store is streamed from it (for
 * deployments without MEDIA_PUBLIC_BASE_URL) with the same answers to a browser
 * or CDN: ETag and Last-Modified, 304 on a matching validator, 206 for a range
 * and 416 past the end, 404 for anything not stored.
 */
export async function mediaRoutes(app: App, storage: MediaStorage): Promise<void> {
  app.setErrorHandler(
    (error: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
      // A range past the end of a file: 416 with `Content-Range: bytes */size`, as RFC 9110 asks.
      if (error.statusCode === 416) {
        return reply
          .code(416)
          .headers(error.headers ?? {})
          .send(notSatisfiable());
      }
      // Whatever else the static server refuses (a traversal attempt such as ..%2f,
      // a dot file) is simply not here: 404, saying nothing about why.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.code(404).send(notHere());
      }
      throw error;
    },
  );
  if (storage.root === undefined) {
    streamFromStore(app, storage);
    return;
  }
  fs.mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/media/',
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: sandbox,
  });
}

function streamFromStore(app: App, storage: MediaStorage): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    async handler(request, reply) {
      const stored = (request.params as { '*': string })['*'];
      // open() refuses any name `put` could not have made (traversal, dot files).
      const { backwardsRange, ...conditions } = readConditionsOf(request);
      const object = backwardsRange
        ? await storage
            .open(stored, { headOnly: true })
            .then((found) =>
              found?.status === 200 ? { status: 416 as const, size: found.length } : found,
            )
        : await storage.open(stored, conditions);
      if (!object) return reply.code(404).send(notHere());
      if (object.status === 416) {
        if (object.size !== null) reply.header('content-range', `bytes */${object.size}`);
        return reply.code(416).send(notSatisfiable());
      }
      sandbox(reply);
      reply.header('cache-control', CACHE_CONTROL);
      reply.header('accept-ranges', 'bytes');
      if (object.etag) reply.header('etag', object.etag);
      if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
      if (object.status === 304) return reply.code(304).send();
      reply.code(object.status);
      reply.header('content-length', object.length);
      if (object.contentRange) reply.header('content-range', object.contentRange);
      reply.type(object.contentType);
      return reply.send(object.body ?? undefined);
    },
  });
}
