import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';

// Names and titles are stored trimmed, so whitespace alone is no name: trim, then
// require. Refused by the schema with a field code, never by the database as a 500.
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
let ids: { item: number; category: number; tag: number };

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
  ids = {
    item: (await makeItem(t.db, { status: 'pending' })).id,
    category: (await makeCategory(t.db)).id,
    tag: (await makeTag(t.db)).id,
  };
});
afterAll(() => t.close());

const BLANKS = ['   ', '\t\n', '\u00a0\u3000'];

describe('whitespace-only names and titles', () => {
  it.each([
    ['POST', (): string => '/api/admin/items', 'title'],
    ['PATCH', (): string => `/api/admin/items/${ids.item}`, 'title'],
    ['POST', (): string => '/api/admin/categories', 'name'],
    ['PATCH', (): string => `/api/admin/categories/${ids.category}`, 'name'],
    ['POST', (): string => '/api/admin/tags', 'name'],
    ['PATCH', (): string => `/api/admin/tags/${ids.tag}`, 'name'],
  ] as const)(
    '%s %s refuses a blank %s with 400 <field>_required and writes nothing',
    async (method, url, field) => {
      for (const blank of BLANKS) {
        const before = await dbFingerprint(t.db);
        const res = await admin(method, url(), { [field]: blank });
        expect(res.statusCode).toBe(400);
        // Named in words, as the form labels it (issue 30 item 6).
        const message = `${field === 'title' ? 'Title' : 'Name'} is required.`;
        expect(res.json().error).toEqual({
          code: `${field}_required`,
          message,
          field,
          fields: [{ field, message }],
        });
        expect(await dbFingerprint(t.db)).toEqual(before);
      }
    },
  );

  it('still stores a name with surrounding spaces, trimmed', async () => {
    const res = await admin('POST', '/api/admin/items', { title: '  Oak stool  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Oak stool');
  });

  it('a tag name with nothing to make a slug from is 400, not 409', async () => {
    const res = await admin('POST', '/api/admin/tags', { name: '!!!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_slug', field: 'slug' });
  });
});
