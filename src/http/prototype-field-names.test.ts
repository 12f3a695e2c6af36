import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { accountRowCounts } from '../../test/support/customer-factories.js';

// Found by the seeded walk once its bodies reached the validator (issue 31): an
// unknown field named like an Object.prototype member took that member as its
// error code ("function toString() { [native code] }").

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('an unknown body field named like a prototype member', () => {
  it.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf'])(
    '"%s" on register (a route with its own field codes): 400 invalid_body naming it, nothing written',
    async (name) => {
      const before = await accountRowCounts(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/register',
        payload: {
          email: 'proto@example.com',
          password: 'plum-orchard-lantern-42',
          first_name: 'Ann',
          last_name: 'Lee',
          [name]: 1,
        },
      });
      expect([res.statusCode, res.json().error]).toEqual([
        400,
        {
          code: 'invalid_body',
          message: `Unknown field "${name}".`,
          field: name,
          fields: [{ field: name, message: `Unknown field "${name}".` }],
        },
      ]);
      expect(await accountRowCounts(t)).toEqual(before);
    },
  );
});
