import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminSessionCookie } from '../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { makeCustomer } from '../../test/support/customer-factories.js';
import { MAX_INTEGER_COLUMN } from './schemas.js';

// Issue 31 item 7: every cursor and id parameter is checked against its column's
// range (ids are `integer`) before it reaches a query: 400, never a 500. The
// parameters come from the OpenAPI document, so a route added later is checked too.

interface Parameter {
  in: string;
  name: string;
  schema: { type?: string; pattern?: string };
}
let t: TestApp;
let cookies: Record<string, string>;
let operations: Array<{ method: string; path: string; parameters: Parameter[] }>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  cookies = {
    shop_admin: await adminSessionCookie(t.app),
    shop_session: (await makeCustomer(t)).cookie,
  };
  const doc = (await t.app.inject('/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
    })),
  );
});
afterAll(() => t.close());

const PAST_THE_COLUMN = [String(MAX_INTEGER_COLUMN + 1), '4294967296', '9999999999'];
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('id and cursor parameters past their column', () => {
  it('every integer path id: 400 invalid_id', async () => {
    const checked: string[] = [];
    for (const op of operations) {
      const ids = op.parameters.filter((p) => p.in === 'path' && p.schema.type === 'integer');
      if (ids.length === 0) continue;
      for (const value of PAST_THE_COLUMN) {
        const url = ids.reduce((path, p) => path.replace(`{${p.name}}`, value), op.path);
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: url.replace(/\{\w+\}/g, '1'),
          cookies,
        });
        expect({ url, status: res.statusCode, code: res.json().error?.code }).toEqual({
          url,
          status: 400,
          code: 'invalid_id',
        });
      }
      checked.push(`${op.method} ${op.path}`);
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('every cursor: a number past the id column, written out or encoded, is 400 naming the cursor', async () => {
    const lists = operations.filter((op) =>
      op.parameters.some((p) => p.in === 'query' && p.name === 'cursor'),
    );
    expect(lists.map((op) => op.path)).toEqual(
      expect.arrayContaining(['/api/admin/drafts', '/api/admin/customers', '/api/items']),
    );
    for (const op of lists) {
      for (const raw of PAST_THE_COLUMN) {
        for (const cursor of [raw, b64(raw)]) {
          const res = await t.app.inject({
            method: 'GET',
            // A list under a path id (a webhook's deliveries): a well-formed id there.
            url: `${op.path.replace(/\{[^}]+\}/g, '1')}?cursor=${cursor}`,
            cookies,
          });
          // The outbox's ids are bigint: any ten digits fit, and its list answers.
          if (op.path === '/api/admin/outbox' && /^\d+$/.test(cursor)) {
            expect(res.statusCode).toBe(200);
            continue;
          }
          expect({
            path: op.path,
            cursor,
            status: res.statusCode,
            error: res.json().error,
          }).toEqual({
            path: op.path,
            cursor,
            status: 400,
            error: expect.objectContaining({ field: 'cursor' }),
          });
        }
      }
    }
  });

  it('the drafts list at the edge of the column still pages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/drafts?cursor=${MAX_INTEGER_COLUMN}`,
      cookies,
    });
    expect(res.statusCode).toBe(200);
  });
});
