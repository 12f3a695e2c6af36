import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';

// The page brings its first catalogues in its own language (the shared ones and its
// area's), so the client's first render waits for no catalogue request; a build
// without them serves the page as before. What a catalogue says cannot end the element.

const FIXTURE_DIST = new URL('../../../test/fixtures/web-dist', import.meta.url).pathname;

let dist: string;
let withFile: TestApp;
let withoutFile: TestApp;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-page-catalogues-'));
  await fs.cp(FIXTURE_DIST, dist, { recursive: true });
  const catalogue = (language: string, ns: string) => ({ title: `${ns} in ${language}` });
  const catalogues: Record<string, Record<string, unknown>> = {};
  for (const language of ['en', 'de']) {
    catalogues[language] = {};
    for (const ns of ['common', 'errors', 'storefront', 'account', 'upload'])
      catalogues[language]![ns] = catalogue(language, ns);
  }
  catalogues.de!.common = { trap: '</script><script>alert(1)</script>' };
  await fs.writeFile(
    path.join(dist, 'page-catalogues.json'),
    JSON.stringify({
      shared: ['common', 'errors'],
      areas: [
        ['/account', 'account'],
        ['/upload/', 'upload'],
      ],
      otherwise: 'storefront',
      catalogues,
    }),
  );
  withFile = await buildTestApp({ env: { WEB_DIST_DIR: dist, SHOP_LANGUAGE: 'de' } });
  withoutFile = await buildTestApp({ env: { WEB_DIST_DIR: FIXTURE_DIST } });
}, 120_000);
afterAll(async () => {
  await withFile.close();
  await withoutFile.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function given(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  const element = /<script id="page-catalogues" type="application\/json">([\s\S]*?)<\/script>/.exec(
    res.body,
  );
  return element
    ? (JSON.parse(element[1]!) as { language: string; namespaces: Record<string, unknown> })
    : null;
}

describe('the catalogues a page brings', () => {
  it('are the shared ones and the storefront’s, in the page’s language', async () => {
    const page = await given(withFile, '/?q=stuhl');
    expect(page?.language).toBe('de');
    expect(Object.keys(page!.namespaces)).toEqual(['common', 'errors', 'storefront']);
    expect(page!.namespaces.storefront).toEqual({ title: 'storefront in de' });
  });

  it('follow the area of the path and the visitor’s language', async () => {
    const account = await given(withFile, '/account/sign-in', { 'accept-language': 'en-GB' });
    expect(account?.language).toBe('en');
    expect(Object.keys(account!.namespaces)).toEqual(['common', 'errors', 'account']);
    const upload = await given(withFile, '/upload/abc');
    expect(Object.keys(upload!.namespaces)).toEqual(['common', 'errors', 'upload']);
  });

  it('cannot close their element: every < is escaped', async () => {
    const res = await withFile.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect((await given(withFile, '/'))!.namespaces.common).toEqual({
      trap: '</script><script>alert(1)</script>',
    });
  });

  it('are left out by a build that wrote none (the client then loads them)', async () => {
    expect(await given(withoutFile, '/')).toBeNull();
  });
});
