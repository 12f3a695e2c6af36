import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Storage } from '../../src/media/stores/s3-store.js';

/** s3rver's fixed keys; its signature checks are real, so the SDK signs as it would for AWS. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings an app (or a child process) needs to use this bucket. */
  env: Record<string, string>;
  /** A store on the bucket, signed with the server's keys. */
  storage(): ReturnType<typeof s3Storage>;
  /** Every key in the bucket, sorted ("nothing left in the bucket" is this list unchanged). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server in the test process (s3rver, on a free loopback port,
 * objects in a temporary folder) with one empty bucket: the SDK talks HTTP to it
 * exactly as to AWS, R2 or MinIO, so nothing of the SDK is mocked.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  const bucket = `shop-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings = { bucket, endpoint, region: 'us-east-1', forcePathStyle: true };
  const storage = () => s3Storage({ ...settings, credentials: CREDENTIALS });
  const lister = storage();
  let closing: Promise<void> | undefined;

  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    storage,
    async keys() {
      const page = await lister.client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    // Idempotent: a test may stop the server to play an outage, and its cleanup closes again.
    close() {
      closing ??= (async () => {
        lister.client.destroy();
        await server.close();
        await fs.rm(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
