import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { digestToken } from '../../auth/tokens.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const create = (payload: object, withCookie = true) =>
  withCookie
    ? admin('POST', '/api/admin/upload-links', payload)
    : t.app.inject({ method: 'POST', url: '/api/admin/upload-links', payload });

describe('POST /api/admin/upload-links', () => {
  it('creates a link capped at 20 by default, shows the token and URL once, stores only the digest', async () => {
    const res = await create({ contact_email: 'seller@example.com', label: 'Attic clearance' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const link = res.json();
    expect(link).toMatchObject({
      contact_email: 'seller@example.com',
      max_submissions: 20,
      submission_count: 0,
      revoked_at: null,
      label: 'Attic clearance',
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`http://127.0.0.1:3000/upload/${link.token}`);

    const row = await t.db
      .selectFrom('upload_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_digest).toBe(digestToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    // The new link works.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/upload-links/${link.token}` })).statusCode,
    ).toBe(200);
  });

  it('sends the upload-link mail to the contact address, with the submit URL in it', async () => {
    const res = await create({ contact_email: 'maker@example.com' });
    const { url } = res.json();
    await t.mail.settle();
    const sent = t.mail.to('maker@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(url);
    expect(sent[0]!.html).toContain(url);
  });

  it('null max_submissions means unlimited', async () => {
    const res = await create({ contact_email: 'a@example.com', max_submissions: null });
    expect(res.json().max_submissions).toBeNull();
  });

  it.each([
    [{}, 'contact_email'],
    [{ contact_email: 'not-an-address' }, 'contact_email'],
    [{ contact_email: 'a@example.com', max_submissions: 0 }, 'max_submissions'],
    [{ contact_email: 'a@example.com', token: 'mine' }, 'token'],
  ])('refuses %j with 400 naming %s and creates nothing', async (payload, field) => {
    const before = await t.db.selectFrom('upload_links').select('id').execute();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field });
    expect(await t.db.selectFrom('upload_links').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses without the admin cookie', async () => {
    const res = await create({ contact_email: 'a@example.com' }, false);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/admin/upload-links', () => {
  it('lists links with count, cap, revocation and contact, and never a token', async () => {
    const created = (await create({ contact_email: 'list@example.com' })).json();
    const res = await admin('GET', '/api/admin/upload-links');
    expect(res.statusCode).toBe(200);
    const listed = res.json().upload_links.find((link: { id: number }) => link.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      label: null,
      contact_email: 'list@example.com',
      max_submissions: 20,
      submission_count: 0,
      revoked_at: null,
      created_at: created.created_at,
    });
    expect(res.body).not.toContain(created.token);
  });
});

describe('POST /api/admin/upload-links/:id/revoke', () => {
  it('revokes: the link reads as not active afterwards', async () => {
    const created = (await create({ contact_email: 'r@example.com' })).json();
    const res = await admin('POST', `/api/admin/upload-links/${created.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(res.json().revoked_at).not.toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/upload-links/${created.token}` })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown link', async () => {
    const res = await admin('POST', '/api/admin/upload-links/999999/revoke');
    expect(res.statusCode).toBe(404);
  });
});
