import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { jpeg } from '../../test/support/images.js';
import { startS3Server, type TestS3Server } from '../../test/support/s3-server.js';
import type { App } from '../context.js';

/**
 * What a browser or CDN gets from /media/* must not depend on the store: the same
 * questions are asked of a disk store (the static server) and of a bucket (streamed).
 */
const NAME = 'items/0123456789abcdef0123456789abcdef.jpg';
const URL_OF = `/media/${NAME}`;

let photo: Buffer;
let s3: TestS3Server;
let disk: TestApp;
let bucket: TestApp;
beforeAll(async () => {
  photo = await jpeg({ width: 400, height: 300 });
  s3 = await startS3Server();
  disk = await buildTestApp();
  await fs.mkdir(path.join(disk.dataDir, 'media', 'items'), { recursive: true });
  await fs.writeFile(path.join(disk.dataDir, 'media', NAME), photo);
  const storage = s3.storage();
  bucket = await buildTestApp({ env: s3.env, deps: { mediaStorage: storage } });
  await storage.putNamed(NAME, photo);
}, 60_000);
afterAll(async () => {
  await disk?.close();
  await bucket?.close();
  await s3?.close();
});

const stores: Array<[string, () => App]> = [
  ['disk', () => disk.app],
  ['s3', () => bucket.app],
];

describe.each(stores)('GET /media/* from the %s store', (_store, appOf) => {
  const get = (headers: Record<string, string> = {}, url = URL_OF) =>
    appOf().inject({ method: 'GET', url, headers });

  it('answers the bytes with a validator, a date, year-long caching and the sandbox', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(photo)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^(W\/)?".+"$/);
    expect(Number.isNaN(Date.parse(String(res.headers['last-modified'])))).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it('answers 304 without a body when If-None-Match holds its ETag', async () => {
    const { etag } = (await get()).headers;
    const res = await get({ 'if-none-match': String(etag) });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers the whole photo when If-None-Match holds another ETag', async () => {
    const res = await get({ 'if-none-match': '"not-this-one"' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(photo)).toBe(true);
  });

  it('answers 304 when If-Modified-Since is not before its Last-Modified', async () => {
    const res = await get({ 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    const old = await get({ 'if-modified-since': new Date(Date.now() - 86_400_000).toUTCString() });
    expect(old.statusCode).toBe(200);
  });

  it('answers 206 with exactly the bytes of a range', async () => {
    const res = await get({ range: 'bytes=10-19' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${photo.length}`);
    expect(res.headers['content-length']).toBe('10');
    expect(res.rawPayload.equals(photo.subarray(10, 20))).toBe(true);
    const rest = await get({ range: 'bytes=100-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100-${photo.length - 1}/${photo.length}`);
    expect(rest.rawPayload.equals(photo.subarray(100))).toBe(true);
  });

  it('answers 416 naming the size for a range past the end or backwards', async () => {
    for (const range of [`bytes=${photo.length + 10}-${photo.length + 20}`, 'bytes=20-10']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${photo.length}`);
      expect(res.json().error.code, range).toBe('range_not_satisfiable');
    }
  });

  it('answers the whole photo for several ranges or another unit', async () => {
    for (const range of ['bytes=0-1,5-9', 'items=0-1']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(photo), range).toBe(true);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const full = await get();
    const head = await appOf().inject({ method: 'HEAD', url: URL_OF });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(photo.length));
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['cache-control']).toBe(full.headers['cache-control']);
    const ranged = await appOf().inject({
      method: 'HEAD',
      url: URL_OF,
      headers: { range: 'bytes=10-19' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 10-19/${photo.length}`);
    expect(ranged.rawPayload.length).toBe(0);
  });

  it('answers 404 not_found for an absent name and for traversal attempts', async () => {
    for (const url of [
      '/media/items/fedcba9876543210fedcba9876543210.jpg',
      '/media/items/..%2F..%2Fetc%2Fpasswd',
      '/media/items/%2e%2e%2f%2e%2e%2fpackage.json',
      '/media/.hidden/x.jpg',
      '/media/items/.x.jpg',
    ]) {
      const res = await get({}, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });
});
