import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { makeCustomer, nextAddress, withSession } from '../../test/support/customer-factories.js';
import { dbFingerprint } from '../../test/support/db-fingerprint.js';
import { jpeg, multipart } from '../../test/support/images.js';
import { makeUploadLink } from '../../test/support/intake.js';
import { isStorableText } from '../db/storable-text.js';

// NUL cannot be stored in PostgreSQL text and a lone surrogate has no UTF-8 form:
// every string the API takes is refused with 400 naming the field, never a 500.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

async function refusedWithoutWrites(
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  expected: { status: number; code: string; field?: string },
) {
  const before = await dbFingerprint(t.db);
  const res = await send();
  const error = (res.json() as { error: { code: string; field?: string } }).error;
  expect({ status: res.statusCode, code: error.code, field: error.field }).toEqual({
    status: expected.status,
    code: expected.code,
    field: expected.field,
  });
  expect(await dbFingerprint(t.db)).toEqual(before);
}

describe('text the database cannot hold', () => {
  it('tells storable text from NUL and unpaired surrogates', () => {
    expect(isStorableText('Teak 😀 table')).toBe(true);
    for (const bad of [NUL, LONE, '\udc00', 'a\ud83d', '\ude00b'])
      expect(isStorableText(bad)).toBe(false);
  });

  it.each([
    ['email', { email: 'a\u0000b@example.com' }],
    ['first_name', { first_name: NUL }],
    ['last_name', { last_name: LONE }],
    ['password', { password: `long-enough-${NUL}` }],
    ['marketing_consent_text', { marketing_consent: true, marketing_consent_text: NUL }],
  ])('register refuses it in %s', async (field, change) => {
    const body = {
      email: 'new@example.com',
      password: 'plum-orchard-lantern-42',
      first_name: 'Ann',
      last_name: 'Lee',
      ...change,
    };
    const code =
      field === 'first_name'
        ? 'first_name_required'
        : field === 'last_name'
          ? 'last_name_required'
          : 'invalid_body';
    await refusedWithoutWrites(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/customers/register',
          payload: body,
          remoteAddress: nextAddress(),
        }),
      { status: 400, code, field },
    );
  });

  it('sign-in with such an address answers as for an unknown address', async () => {
    for (const email of ['a\u0000b@example.com', 'x\ud800@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/login',
        payload: { email, password: 'whatever-it-is' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
    }
  });

  it('a reset request with such an address answers as for an unknown address', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: 'nobody@example.com' },
      remoteAddress: nextAddress(),
    });
    const before = await dbFingerprint(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/password-reset/request',
      payload: { email: 'a\u0000b@example.com' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(unknown.statusCode);
    expect(res.body).toBe(unknown.body);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('admin sign-in refuses it naming the field', async () => {
    await refusedWithoutWrites(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: NUL, password: 'whatever-it-is' },
          remoteAddress: nextAddress(),
        }),
      { status: 400, code: 'invalid_body', field: 'email' },
    );
  });

  it('profile edits and consent wording refuse it', async () => {
    const customer = await makeCustomer(t);
    for (const [field, payload] of [
      ['first_name', { first_name: NUL }],
      ['marketing_consent_text', { marketing_consent: true, marketing_consent_text: LONE }],
    ] as const) {
      await refusedWithoutWrites(
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/customers/me',
            payload,
            ...withSession(customer.cookie),
          }),
        {
          status: 400,
          code: field === 'first_name' ? 'first_name_required' : 'invalid_body',
          field,
        },
      );
    }
    await refusedWithoutWrites(
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/customers/me/sold-notifications',
          payload: { enabled: true, consent_text: NUL },
          ...withSession(customer.cookie),
        }),
      { status: 400, code: 'invalid_body', field: 'consent_text' },
    );
  });

  it.each([
    ['/api/admin/items', { title: NUL }, 'title'],
    ['/api/admin/items', { title: 'Chair', description: LONE }, 'description'],
    ['/api/admin/categories', { name: NUL }, 'name'],
    ['/api/admin/tags', { name: LONE }, 'name'],
    ['/api/admin/upload-links', { contact_email: 'a@example.com', label: NUL }, 'label'],
  ])('admin POST %s refuses it', async (url, payload, field) => {
    await refusedWithoutWrites(() => admin('POST', url, payload), {
      status: 400,
      code: 'invalid_body',
      field,
    });
  });

  it('a query parameter with %00 is refused naming it', async () => {
    const res = await admin('GET', '/api/admin/customers?q=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', field: 'q' });
    const list = await t.app.inject({ method: 'GET', url: '/api/items?q=%00' });
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toMatchObject({ code: 'invalid_parameter', field: 'q' });
  });

  it('the intake note refuses it, storing nothing and counting nothing', async () => {
    const link = await makeUploadLink(t.db);
    const form = multipart({ note: NUL }, [
      { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
    ]);
    await refusedWithoutWrites(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/upload-links/${link.token}/submissions`,
          payload: form.payload,
          headers: form.headers,
        }),
      { status: 400, code: 'invalid_body', field: 'note' },
    );
    const row = await t.db
      .selectFrom('upload_links')
      .select('submission_count')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.submission_count).toBe(0);
  });
});
