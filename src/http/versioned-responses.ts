import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueView, Dimension } from '../modules/storefront/catalogue-version.js';

/**
 * Public reads kept in memory and revalidated by ETag for free. An entry keeps
 * the catalogue version it was computed at and what it depends on: catalogue
 * dimensions (a list sorted by price depends on `price`) and item ids (an item
 * page on its item, a list on the items it shows). It is served for as long as
 * nothing it depends on has changed since (migration 0024 announces what each
 * commit changed), so a cart add of one item leaves every answer that cannot
 * show that item alone. The version carries its epoch (`<epoch>-<number>`), so
 * an ETag of one life of the data never matches a body of another.
 */
export interface VersionedResponses {
  /**
   * Answers from memory alone (200 or 304) when a still-valid answer is kept under
   * `key`; false when there is none and the request must go on to its handler.
   */
  answerFromMemory(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    view: CatalogueView,
  ): boolean;
  send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: {
      key: string;
      view: CatalogueView;
      /** The dimensions the answer depends on, whatever it contains. */
      dims: readonly Dimension[];
      /** The items the answer shows: fixed (an item page), or read from the value (a list). */
      ids: readonly number[] | ((value: T) => readonly number[]);
      compute: () => Promise<T>;
    },
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

/**
 * The part of an ETag that names the request: the same for every version. A
 * 53-bit hash of the key (cyrb53), not a digest: nothing secret rides on it, and
 * every miss pays for it (a SHA-1 through the crypto binding was 2 % of a deep
 * page). A collision only makes one URL's ETag match another's at one version.
 */
function keyTag(key: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A body the route serialised itself (from the items' kept JSON, item-cards.ts): sent as it is. */
export class Serialized {
  constructor(
    /** JSON, or its UTF-8 bytes. */
    readonly json: string | Buffer,
    /** The items it shows. */
    readonly ids: readonly number[] = [],
  ) {}
}

function bytesOf(reply: FastifyReply, value: unknown): Buffer {
  const json = value instanceof Serialized ? value.json : (reply.serialize(value) as string);
  return typeof json === 'string' ? Buffer.from(json) : json;
}

/** What an answer was computed from and what it depends on: enough to revalidate its ETag. */
interface Seen {
  epoch: string;
  life: number;
  /** The version it was computed at: its ETag's. */
  version: number;
  /** The latest version at which nothing it depends on had changed since. */
  validAt: number;
  dims: readonly Dimension[];
  ids: readonly number[];
  etag: string;
}

interface Entry extends Seen {
  // Bytes, not a string: a string would be encoded again on every send.
  body: Buffer;
}

/** Whether `entry` may be served at `view`: usually one comparison, a few lookups after a write. */
function stillValid(entry: Seen, view: CatalogueView): boolean {
  if (entry.life !== view.life || entry.epoch !== view.epoch) return false;
  if (entry.validAt >= view.version) return true;
  if (view.changedSince(entry.validAt, entry.dims, entry.ids)) return false;
  entry.validAt = view.version;
  return true;
}

export function versionedResponses(maxEntries: number): VersionedResponses {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, { tag: string; life: number; made: Promise<Entry> }>();

  // Keys answered once and not kept, without their bodies: kept on their second
  // answer, and meanwhile their ETag still revalidates (a browser asking again
  // for the page it saw once gets its 304).
  const answeredOnce = new Map<string, Seen>();

  /**
   * Whether an answer computed for `key` is worth keeping: a key kept before, or
   * asked a second time. A one-off URL (every customer's own price bound) would
   * otherwise push out an answer asked again and again, and each 20 KB body
   * would live long enough to cost the collector a full mark of the heap.
   */
  function admitted(key: string, entry: Entry): boolean {
    if (entries.has(key) || answeredOnce.delete(key)) return true;
    if (answeredOnce.size >= maxEntries * 4) answeredOnce.clear();
    const { epoch, life, version, validAt, dims, ids, etag } = entry;
    answeredOnce.set(key, { epoch, life, version, validAt, dims, ids, etag });
    return false;
  }

  function remember(key: string, entry: Entry): void {
    // A view that stands alone (memory was reset meanwhile) vouches for nothing later.
    if (maxEntries <= 0 || entry.life < 0 || !admitted(key, entry)) return;
    entries.delete(key);
    entries.set(key, entry);
    // Map keeps insertion order: the first key is the least recently stored.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    answerFromMemory(request, reply, key, view) {
      const cached = entries.get(key);
      if (!cached || !stillValid(cached, view)) return false;
      answer(request, reply, cached);
      return true;
    },

    async send(request, reply, { key, view, dims, ids, compute }) {
      const cached = entries.get(key);
      const current = cached && stillValid(cached, view) ? cached : undefined;
      const ifNoneMatch = request.headers['if-none-match'];
      // Only a response still valid is remembered: a match on it is safe.
      if (current && matchesTag(ifNoneMatch, current.etag)) return notModified(reply, current.etag);
      const seen = current ? undefined : answeredOnce.get(key);
      if (seen && matchesTag(ifNoneMatch, seen.etag) && stillValid(seen, view)) {
        return notModified(reply, seen.etag);
      }

      let entry: Entry;
      try {
        entry = current ?? (await computeEntry(reply, key, view, dims, ids, compute));
      } catch (error) {
        // A refusal (404 for an absent or pending item) has no ETag and is never stored.
        reply.header('cache-control', 'no-store');
        throw error;
      }
      return answer(request, reply, entry);
    },
  };

  function computeEntry<T>(
    reply: FastifyReply,
    key: string,
    view: CatalogueView,
    dims: readonly Dimension[],
    ids: readonly number[] | ((value: T) => readonly number[]),
    compute: () => Promise<T>,
  ): Promise<Entry> {
    const make = () =>
      compute().then(
        (value): Entry => ({
          epoch: view.epoch,
          life: view.life,
          version: view.version,
          validAt: view.version,
          dims,
          ids: typeof ids === 'function' ? ids(value) : ids,
          etag: `"${view.tag}-${keyTag(key)}"`,
          body: bytesOf(reply, value),
        }),
      );
    if (maxEntries <= 0) return make();
    // Requests that miss together share one computation: after a write under
    // load, dozens would otherwise run the same query at once.
    let pending = computing.get(key);
    if (pending?.tag !== view.tag || pending.life !== view.life) {
      const made = make();
      const settled = { tag: view.tag, life: view.life, made };
      pending = settled;
      computing.set(key, settled);
      made.then(
        (entry) => {
          if (computing.get(key) === settled) computing.delete(key);
          remember(key, entry);
        },
        () => {
          if (computing.get(key) === settled) computing.delete(key);
        },
      );
    }
    return pending.made;
  }
}

/** A known answer: 304 when the client holds it (or any version of a resource known to exist), else the body. */
function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  const ifNoneMatch = request.headers['if-none-match'];
  if (matchesTag(ifNoneMatch, entry.etag) || isAny(ifNoneMatch)) {
    return notModified(reply, entry.etag);
  }
  reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

function notModified(reply: FastifyReply, etag: string) {
  return reply.header('etag', etag).header('cache-control', CACHE_CONTROL).code(304).send();
}
