import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem } from '../../../test/support/factories.js';

// A cursor is input like any other: every number inside it is range-checked
// against its column before it reaches a query (400, never a 500).
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
  await makeItem(t.db);
});
afterAll(() => t.close());

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const ITEM_CURSORS: Array<[string, unknown]> = [
  ['newest', ['newest', '2026-10-25T03:23:32.895000Z', 99_999_999_999]],
  ['newest', ['newest', '2026-10-25T03:23:32.895000Z', 2_147_483_648]],
  ['price_asc', ['price_asc', 2_147_483_648, 534]],
  ['price_desc', ['price_desc', 1e300, 1]],
  ['newest', ['newest', '0000-01-01T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2026-02-30T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2025-02-29T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2100-02-29T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2026-13-01T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2026-04-31T00:00:00.000000Z', 1]],
  ['newest', ['newest', '2026-10-25T24:00:00.000000Z', 1]],
  ['newest', ['newest', '2026-10-25T23:60:00.000000Z', 1]],
  ['newest', ['newest', '2026-10-25T23:59:60.000000Z', 1]],
];

describe('numbers inside cursors', () => {
  it.each(ITEM_CURSORS)('the storefront list refuses a %s cursor %j', async (sort, value) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items?sort=${sort}&cursor=${cursor(value)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_parameter', field: 'cursor' });
  });

  it.each([
    '2024-02-29T23:59:59.999999Z',
    '2000-02-29T00:00:00.000000Z',
    '0001-01-01T00:00:00.000000Z',
  ])('the storefront list takes a real instant %s', async (key) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items?cursor=${cursor(['newest', key, 1])}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('the admin item list refuses them too', async () => {
    for (const [sort, value] of ITEM_CURSORS) {
      const res = await admin('GET', `/api/admin/items?sort=${sort}&cursor=${cursor(value)}`);
      expect({ value, status: res.statusCode, code: res.json().error?.code }).toEqual({
        value,
        status: 400,
        code: 'invalid_parameter',
      });
    }
  });

  it('the admin customer list refuses an id past the column', async () => {
    for (const raw of ['99999999999', '2147483648', '1e3', '0']) {
      const res = await admin(
        'GET',
        `/api/admin/customers?cursor=${Buffer.from(raw).toString('base64url')}`,
      );
      expect({ raw, status: res.statusCode, code: res.json().error?.code }).toEqual({
        raw,
        status: 400,
        code: 'invalid_parameter',
      });
    }
  });

  it('a cursor at the edge of the column still pages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/items?sort=price_asc&cursor=${cursor(['price_asc', 2_147_483_647, 2_147_483_647])}`,
    });
    expect(res.statusCode).toBe(200);
    const customers = await admin(
      'GET',
      `/api/admin/customers?cursor=${Buffer.from('2147483647').toString('base64url')}`,
    );
    expect(customers.statusCode).toBe(200);
  });
});
