import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public reads keyed by the catalogue version: the same key at the same version
 * is the same JSON, so it is computed once and revalidated by ETag for free.
 * Versions only grow; an entry from an older version is simply recomputed.
 */
export interface VersionedResponses {
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: { key: string; version: number; compute: () => Promise<unknown> },
  ): Promise<FastifyReply>;
}

// Caches may keep these, but must ask again before every use: an unpublished
// item must never be served from a cache after it went back to pending.
const CACHE_CONTROL = 'public, no-cache';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function versionedResponses(maxEntries: number): VersionedResponses {
  const entries = new Map<string, { version: number; body: string }>();

  function remember(key: string, version: number, body: string): void {
    if (maxEntries <= 0) return;
    entries.delete(key);
    entries.set(key, { version, body });
    // Map keeps insertion order: the first key is the least recently stored.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    async send(request, reply, { key, version, compute }) {
      const etag = `"${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const cached = entries.get(key);
      let body: string;
      if (cached && cached.version === version) {
        body = cached.body;
      } else {
        body = reply.serialize(await compute()) as string;
        remember(key, version, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
