import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public reads keyed by the catalogue version: the same key at the same version
 * is the same JSON, so it is computed once and revalidated by ETag for free.
 * The version carries its epoch (`<epoch>-<number>`), so an ETag of one life of
 * the data never matches a body of another; an entry from any other version is
 * simply recomputed.
 */
export interface VersionedResponses {
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: { key: string; version: string; compute: () => Promise<unknown> },
  ): Promise<FastifyReply>;
}

// Caches may keep these, but must ask again before every use: an unpublished
// item must never be served from a cache after it went back to pending.
const CACHE_CONTROL = 'public, no-cache';

/** A concrete tag we gave out; `*` ("any version") is decided only once the resource is known. */
function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const isAny = (ifNoneMatch: string | undefined) => ifNoneMatch?.trim() === '*';

/** The part of an ETag that names the request: the same for every version. */
const keyTag = (key: string) => createHash('sha1').update(key).digest('base64url').slice(0, 16);

interface Entry {
  version: string;
  etag: string;
  // Bytes, not a string: a string would be encoded again on every send.
  body: Buffer;
}

export function versionedResponses(maxEntries: number): VersionedResponses {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, { version: string; body: Promise<Buffer> }>();

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
      const ifNoneMatch = request.headers['if-none-match'];
      // Only a response that exists at this version is remembered: a match on it is safe.
      if (current && matchesTag(ifNoneMatch, etag)) return notModified(reply, etag);

      let body: Buffer;
      try {
        body = await bodyOf(reply, key, version, etag, current, compute);
      } catch (error) {
        // A refusal (404 for an absent or pending item) has no ETag and is never stored.
        reply.header('cache-control', 'no-store');
        throw error;
      }
      if (matchesTag(ifNoneMatch, etag) || isAny(ifNoneMatch)) return notModified(reply, etag);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };

  async function bodyOf(
    reply: FastifyReply,
    key: string,
    version: string,
    etag: string,
    current: Entry | undefined,
    compute: () => Promise<unknown>,
  ): Promise<Buffer> {
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
    return body;
  }
}

function notModified(reply: FastifyReply, etag: string) {
  return reply.header('etag', etag).header('cache-control', CACHE_CONTROL).code(304).send();
}
