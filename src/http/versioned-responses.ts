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

/** The part of an ETag that names the request: the same for every version. */
const keyTag = (key: string) => createHash('sha1').update(key).digest('base64url').slice(0, 16);

interface Entry {
  version: number;
  etag: string;
  // Bytes, not a string: a string would be encoded again on every send.
  body: Buffer;
}

export function versionedResponses(maxEntries: number): VersionedResponses {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, { version: number; body: Promise<Buffer> }>();

  function remember(key: string, entry: Entry): void {
    if (maxEntries <= 0) return;
    entries.delete(key);
    entries.set(key, entry);
    // Map keeps insertion order: the first key is the least recently stored.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    async send(request, reply, { key, version, compute }) {
      const cached = entries.get(key);
      const current = cached?.version === version ? cached : undefined;
      const etag = current?.etag ?? `"${version}-${keyTag(key)}"`;
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();

      let body = current?.body;
      if (!body && maxEntries <= 0) {
        body = Buffer.from(reply.serialize(await compute()) as string);
      } else if (!body) {
        // Requests that miss together share one computation: after a write under
        // load, dozens would otherwise run the same query at once.
        let pending = computing.get(key);
        if (pending?.version !== version) {
          const made = compute().then((value) => Buffer.from(reply.serialize(value) as string));
          pending = { version, body: made };
          computing.set(key, pending);
          const settled = pending;
          made.then(
            (bytes) => {
              if (computing.get(key) === settled) computing.delete(key);
              remember(key, { version, etag, body: bytes });
            },
            () => {
              if (computing.get(key) === settled) computing.delete(key);
            },
          );
        }
        body = await pending.body;
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
