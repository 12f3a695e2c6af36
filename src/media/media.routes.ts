import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyError } from 'fastify';
import type { App } from '../context.js';
import { errorBody } from '../http/errors.js';
import type { MediaStorage } from './storage.js';

/**
 * GET /media/*: stored images. Names are random and never reused, so a response
 * may be cached for a year. nosniff and a sandboxing CSP make sure an image URL
 * can never be made to run script, whatever bytes it holds.
 */
export async function mediaRoutes(app: App, storage: MediaStorage): Promise<void> {
  fs.mkdirSync(storage.root, { recursive: true });
  // Whatever the static server refuses (a traversal attempt such as ..%2f, a dot
  // file) is simply not here: 404, saying nothing about why.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(404).send(errorBody('not_found', 'There is nothing at this address.'));
    }
    throw error;
  });
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
