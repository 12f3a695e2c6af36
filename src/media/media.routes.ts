import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyReply } from 'fastify';
import type { App } from '../context.js';
import { errorBody } from '../http/errors.js';
import type { MediaStorage } from './storage.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function sandbox(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * GET /media/*: stored images. Names are random and never reused, so a response
 * may be cached for a year. nosniff and a sandboxing CSP make sure an image URL
 * can never be made to run script, whatever bytes it holds. A disk store is
 * served by the static server (ranges, conditional requests); any other store is
 * streamed from it, for deployments without MEDIA_PUBLIC_BASE_URL.
 */
export async function mediaRoutes(app: App, storage: MediaStorage): Promise<void> {
  const notHere = () => errorBody('not_found', 'There is nothing at this address.');
  // Whatever the static server refuses (a traversal attempt such as ..%2f, a dot
  // file) is simply not here: 404, saying nothing about why.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(404).send(notHere());
    }
    throw error;
  });
  if (storage.root === undefined) {
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const stored = (request.params as { '*': string })['*'];
      // open() refuses any name `put` could not have made (traversal, dot files).
      const object = await storage.open(stored);
      if (!object) return reply.code(404).send(notHere());
      sandbox(reply);
      reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
      reply.header('content-length', object.size);
      reply.type(object.contentType);
      return reply.send(object.body);
    });
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
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "sandbox; default-src 'none'");
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
