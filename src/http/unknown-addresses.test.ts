import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';

// Issue 31 item 9: an address no route has is 404 whatever the method and the body;
// a client with a typo in its path is never told its body is wrong.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const BODIES: Array<[string, { payload?: string; headers?: Record<string, string> }]> = [
  ['a JSON body', { payload: '{"a":1}', headers: { 'content-type': 'application/json' } }],
  ['an empty JSON object', { payload: '{}', headers: { 'content-type': 'application/json' } }],
  ['malformed JSON', { payload: '{"a":', headers: { 'content-type': 'application/json' } }],
  ['a text body', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
  [
    'a form',
    {
      payload: '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    },
  ],
  ['no body', {}],
];

describe.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
  '%s to an address no route has',
  (method) => {
    it.each(BODIES)('with %s: 404 not_found, nothing written', async (_name, body) => {
      for (const url of ['/api/nothing-here', '/api/customers/registr', '/nothing/at/all']) {
        const before = await dbFingerprint(t.db);
        const res = await t.app.inject({ method, url, ...body });
        expect([url, res.statusCode, res.json().error.code]).toEqual([url, 404, 'not_found']);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(await dbFingerprint(t.db)).toEqual(before);
      }
    });
  },
);

describe('addresses that exist under other methods, and the intake prefix', () => {
  it('a JSON write to a read-only address is 405 with Allow, not a body refusal', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/items', payload: { a: 1 } });
    expect([res.statusCode, res.json().error.code, res.headers.allow]).toEqual([
      405,
      'method_not_allowed',
      'GET, HEAD',
    ]);
  });

  it('a JSON write under /api/upload-links/ that no route has is the intake’s 404 link_not_active', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-links/some-token/elsewhere',
      payload: { a: 1 },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'link_not_active']);
  });

  it('a GET of an unknown API address is 404 not_found as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
  });
});
