import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { jpeg } from '../../test/support/images.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await fs.mkdir(path.join(t.dataDir, 'media', 'items'), { recursive: true });
  await fs.writeFile(path.join(t.dataDir, 'media', 'items', 'abc123.jpg'), await jpeg());
  // Anything that lands in the media folder is served as bytes, never as a page.
  await fs.writeFile(
    path.join(t.dataDir, 'media', 'items', 'evil.html'),
    '<script>alert(1)</script>',
  );
});
afterAll(() => t.close());

describe('GET /media/*', () => {
  it('serves a stored image with long-lived immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/items/abc123.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('can never run script: nosniff and a sandboxing CSP on every file', async () => {
    for (const url of ['/media/items/abc123.jpg', '/media/items/evil.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
    }
  });

  it('does not leave the media folder', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/%2e%2e/package.json',
      '/media/items/../../db',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).not.toBe(200);
    }
  });

  it('answers 404 for a missing file', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/items/missing.jpg' })).statusCode,
    ).toBe(404);
  });
});
