import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { diskStorage } from './stores/disk-store.js';

export { contentTypeOf, STORED_NAME } from './stores/names.js';

/**
 * Where photos live: a folder (`MEDIA_STORE=disk`, the default) or an S3-compatible
 * bucket (`MEDIA_STORE=s3`). Every writer (intake, admin photos, cut-out and
 * restore, variants) calls only `put`, `read` and `remove`, so the same code runs
 * on either. Names are random and never reused, so a URL reveals nothing and may
 * be cached forever. A caller that writes objects and then fails (a refused
 * transaction) removes what it wrote; the sweep (media-sweep.ts) catches what a
 * crash between the two leaves behind. Writers get the store through
 * `writersMedia` (media-deletion.ts): their `remove` never takes a file that a
 * row still references, an order line's picture included.
 */
export interface MediaStorage {
  /** Stores the bytes under a new random name `folder/<hex>.<extension>`; returns that name. */
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /** The bytes of a stored object (to make variants or a cut-out of a photo stored earlier). */
  read(path: string): Promise<Buffer>;
  /** Removes stored objects; a missing one is not an error (cleanup after a refusal). */
  remove(paths: readonly string[]): Promise<void>;
  /**
   * A stored object for `/media/*`, answering the request's range and cache
   * validators the way the static server answers them from disk; null when there
   * is none. A store may ignore the conditions (then it answers 200, whole object).
   */
  open(path: string, conditions?: ReadConditions): Promise<OpenedObject | null>;
  /** Every stored object with the time it was written (the sweep, `media:migrate`). */
  list(): AsyncIterable<StoredEntry>;
  /** Disk only: the folder `/media/*` serves directly (ranges, conditional requests). */
  readonly root?: string;
}

/** What a browser or CDN asked for, already checked (media-request.ts). */
export interface ReadConditions {
  /** One `bytes=` range, forwarded as sent. */
  range?: string;
  ifNoneMatch?: string;
  /** Only when there is no If-None-Match (RFC 9110 13.1.3). */
  ifModifiedSince?: Date;
  /** HEAD: the headers of the answer, no bytes. */
  headOnly?: boolean;
}

export type OpenedObject =
  | {
      status: 200 | 206;
      /** Null for HEAD. A stream: an object is never held in memory whole. */
      body: Readable | null;
      /** Bytes in this answer (the range's, for 206). */
      length: number;
      contentType: string;
      etag: string | null;
      lastModified: Date | null;
      /** `bytes first-last/size` for 206. */
      contentRange: string | null;
    }
  | { status: 304; etag: string | null; lastModified: Date | null }
  /** The range starts past the end; `size` (when the store says it) goes into `Content-Range`. */
  | { status: 416; size: number | null };

export interface StoredEntry {
  path: string;
  storedAt: Date;
}

/**
 * The store the configuration names (credentials for S3: the SDK's standard chain). The
 * S3 SDK is loaded only when it is named: a shop on disk does not carry its ~25 MB.
 */
export async function mediaStorageFrom(
  config: Pick<Config, 'dataDir' | 'media'>,
): Promise<MediaStorage> {
  if (config.media.store === 's3' && config.media.s3) {
    const { s3Storage } = await import('./stores/s3-store.js');
    return s3Storage(config.media.s3);
  }
  return diskStorage(path.join(config.dataDir, 'media'));
}

export type MediaUrl = (path: string) => string;

/** Image URLs: under MEDIA_PUBLIC_BASE_URL (a CDN or the bucket) when set, else `/media/`. */
export function mediaUrlFor(config: Pick<Config, 'media'> | undefined): MediaUrl {
  const base = config?.media?.publicBaseUrl;
  return base ? (stored) => `${base}/${stored}` : (stored) => `/media/${stored}`;
}

export { diskStorage };
