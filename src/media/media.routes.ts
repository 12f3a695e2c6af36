import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { App } from '../context.js';
import type { MediaStorage } from './storage.js';

/**
 * GET /media/*: stored images. Names are random and never reused, so a response
 * may be cached for a year. nosniff and a sandboxing CSP make sure an image URL
 * can never be made to run script, whatever bytes it holds.
 */
export async function mediaRoutes(app: App, storage: MediaStorage): Promise<void> {
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
