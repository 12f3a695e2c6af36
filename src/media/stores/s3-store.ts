import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import type { MediaStorage, OpenedObject, ReadConditions, StoredEntry } from '../storage.js';
import { contentTypeOf, STORED_NAME, storedName } from './names.js';

// A bucket or CDN in front of it serves these objects as they are: the same
// year-long immutable caching as /media (names are never reused).
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// DeleteObjects takes at most 1,000 keys per call.
const DELETE_BATCH = 1000;

export interface S3StorageOptions extends S3Config {
  /** Explicit keys (tests' in-process server); otherwise the SDK's chain: AWS_* variables, profile, role. */
  credentials?: S3ClientConfig['credentials'];
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    error instanceof NoSuchKey || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
  );
}

/**
 * S3 answers a failed precondition or a range past the end with an error; these
 * are answers for the browser (304, 416), not failures. Anything else is thrown.
 */
function refusedRead(error: unknown, conditions: ReadConditions): OpenedObject {
  const e = error as {
    $metadata?: { httpStatusCode?: number };
    $response?: { headers?: Record<string, string | undefined> };
    ActualObjectSize?: string | number;
  };
  const status = e.$metadata?.httpStatusCode;
  const headers = e.$response?.headers ?? {};
  if (status === 304) {
    // S3 repeats the ETag on a 304; servers that do not: the one tag the client sent matched.
    const sent = conditions.ifNoneMatch;
    const echoed = sent && sent !== '*' && !sent.includes(',') ? sent : null;
    const modified = headers['last-modified'] ? new Date(headers['last-modified']) : null;
    return {
      status: 304,
      etag: headers.etag ?? echoed,
      lastModified: modified && !Number.isNaN(modified.getTime()) ? modified : null,
    };
  }
  if (status === 416) {
    const size = Number(e.ActualObjectSize);
    return { status: 416, size: Number.isSafeInteger(size) && size >= 0 ? size : null };
  }
  throw error;
}

/** Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph): any instance reads any photo. */
export interface S3Storage extends MediaStorage {
  client: S3Client;
  /** Whether an object of this name is stored (media:migrate skips what is there). */
  has(name: string): Promise<boolean>;
  /** Stores bytes under a name made elsewhere (media:migrate keeps the disk store's names). */
  putNamed(name: string, bytes: Buffer): Promise<void>;
}

export function s3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse
    // the newer default trailers, and our bodies are whole buffers sent over TLS.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = options.bucket;

  async function get(stored: string) {
    if (!STORED_NAME.test(stored)) return null;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: stored }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function* list(): AsyncIterable<StoredEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key && STORED_NAME.test(object.Key))
          yield { path: object.Key, storedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function putNamed(name: string, bytes: Buffer): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error('unsafe media name');
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: name,
        Body: bytes,
        ContentType: contentTypeOf(name),
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  return {
    client,
    putNamed,
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async put(folder, extension, bytes) {
      const name = storedName(folder, extension, randomBytes(16).toString('hex'));
      await putNamed(name, bytes);
      return name;
    },
    async read(stored) {
      const object = await get(stored);
      if (!object?.Body) throw new Error(`media object ${stored} not found`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async open(stored, conditions = {}) {
      if (!STORED_NAME.test(stored)) return null;
      const input = {
        Bucket,
        Key: stored,
        Range: conditions.range,
        IfNoneMatch: conditions.ifNoneMatch,
        IfModifiedSince: conditions.ifModifiedSince,
      };
      try {
        const object = conditions.headOnly
          ? await client.send(new HeadObjectCommand(input))
          : await client.send(new GetObjectCommand(input));
        const body = 'Body' in object ? ((object.Body as Readable | undefined) ?? null) : null;
        if (!conditions.headOnly && !body) return null;
        return {
          status: object.ContentRange ? 206 : 200,
          body,
          length: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(stored),
          etag: object.ETag ?? null,
          lastModified: object.LastModified ?? null,
          contentRange: object.ContentRange ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        return refusedRead(error, conditions);
      }
    },
    async remove(paths) {
      for (let i = 0; i < paths.length; i += DELETE_BATCH) {
        const batch = paths.slice(i, i + DELETE_BATCH);
        // Deleting a missing key succeeds in S3: a repeated cleanup is harmless.
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors?.[0];
        if (failed) throw new Error(`media object ${failed.Key} not removed: ${failed.Code}`);
      }
    },
    list,
  };
}
