import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { disable, makeCustomer, withSession } from '../../../test/support/customer-factories.js';

// Issue 30 item 9: every anonymous page asked GET /api/customers/me, and its 401 is a
// console error in every browser. "Who is signed in?" has an answer that is no refusal.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const session = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/customers/session',
    ...(cookie ? withSession(cookie) : {}),
  });

describe('GET /api/customers/session', () => {
  it('answers 200 with a null customer for an anonymous visitor, never stored', async () => {
    const res = await session();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the signed-in customer exactly as GET /me does', async () => {
    const customer = await makeCustomer(t);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/customers/me',
      ...withSession(customer.cookie),
    });
    const res = await session(customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer: me.json() });
  });

  it('a stale cookie and a disabled account are nobody', async () => {
    const customer = await makeCustomer(t);
    expect((await session('not-a-session-token')).json()).toEqual({ customer: null });
    await disable(t, customer.id);
    expect((await session(customer.cookie)).json()).toEqual({ customer: null });
  });

  it('leaves GET /me as the contract has it: 401 not_signed_in for nobody', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('not_signed_in');
  });
});
