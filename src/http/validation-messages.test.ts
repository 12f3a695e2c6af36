import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { nextAddress } from '../../test/support/customer-factories.js';

// A refusal's message names the field and says what is wrong in words a person
// can act on, never Ajv's own phrasing ("must NOT have fewer than 1 properties").
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const messageOf = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string } }).error.message;

describe('validation messages', () => {
  it('a missing field is named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/register',
      payload: { email: 'a@example.com', password: 'plum-orchard-lantern-42', last_name: 'Lee' },
      remoteAddress: nextAddress(),
    });
    expect(messageOf(res)).toBe('The field "first_name" is required.');
  });

  it('an edit with nothing in it says to send a field', async () => {
    const res = await admin('PATCH', '/api/admin/tags/1', {});
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Send at least one field to change.');
  });

  it('a body that is not an object says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The body must be a JSON object.');
  });

  it('a repeated parameter is called repeated, not the wrong type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=1&limit=2' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The parameter "limit" is given more than once.');
  });

  it('wrong types, ranges and lengths are said in words', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/admin/items', { title: 5 }, 'The field "title" must be text.'],
      [
        '/api/admin/items',
        { title: 'x', price_cents: -1 },
        'The field "price_cents" must be at least 0.',
      ],
      [
        '/api/admin/items',
        { title: 'x'.repeat(201) },
        'The field "title" must be at most 200 characters long.',
      ],
      [
        '/api/admin/upload-links',
        { contact_email: 'nope' },
        'The field "contact_email" must be an email address.',
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await admin('POST', url, body);
      expect({ url, status: res.statusCode, message: messageOf(res) }).toEqual({
        url,
        status: 400,
        message,
      });
    }
    const limit = await t.app.inject({ method: 'GET', url: '/api/items?limit=abc' });
    expect(messageOf(limit)).toBe('The parameter "limit" must be a whole number.');
  });
});
