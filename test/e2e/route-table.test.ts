import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { makeCustomer, withSession } from '../support/customer-factories.js';
import { dbFingerprint } from '../support/db-fingerprint.js';
import { QueryCounter } from '../support/query-counter.js';

// Every documented route, from the OpenAPI document the schemas generate: a
// route added later is in these tables without anyone remembering to add it.
let t: TestApp;
const queries = new QueryCounter();
let routes: Array<{ method: string; path: string; url: string; jsonBody: boolean }>;

beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV, plugins: [queries] });
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      // Path parameters get a well-formed value: the route must refuse on authority, not on shape.
      url: path.replace(/\{[^}]+\}/g, (param) =>
        param.includes('token') ? 'A'.repeat(43) : param === '{slug}' ? 'imprint' : '1',
      ),
      jsonBody: Boolean(operation.requestBody?.content?.['application/json']),
    })),
  );
});
afterAll(() => t.close());

describe('every admin route but sign-in refuses without the admin cookie', () => {
  it('covers the admin routes', () => {
    expect(routes.filter((r) => r.path.startsWith('/api/admin/')).length).toBeGreaterThan(15);
  });

  it('answers 401 not_signed_in for each, and reads no body', async () => {
    const admin = routes.filter(
      (r) => r.path.startsWith('/api/admin/') && r.path !== '/api/admin/login',
    );
    for (const route of admin) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        ...(route.jsonBody ? { payload: { unknown_field: true } } : {}),
      });
      expect({
        route: `${route.method} ${route.path}`,
        status: res.statusCode,
        code: res.json().error?.code,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        code: 'not_signed_in',
      });
    }
  });
});

describe('every JSON body refuses an unknown field', () => {
  it('answers 400 for each route that takes JSON, never accepting the body', async () => {
    const admin = await adminClient(t.app);
    // Signed in, so customer routes get as far as their body (a stranger is refused first).
    const customer = await makeCustomer(t);
    const withBody = routes.filter((r) => r.jsonBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const payload = { unknown_field: true };
      const res = route.path.startsWith('/api/admin/')
        ? await admin(route.method as 'POST', route.url, payload)
        : await t.app.inject({
            method: route.method as 'POST',
            url: route.url,
            payload,
            ...withSession(customer.cookie),
          });
      const error = res.json().error as { field?: string; message: string };
      // Ajv reports one problem: a missing required field, or else the unknown one. A validator
      // that strips unknown fields (Fastify's default) could produce neither for an edit route.
      const named = error.field === 'unknown_field' || /is required/.test(error.message);
      expect({ route: `${route.method} ${route.path}`, status: res.statusCode, named }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 400,
        named: true,
      });
    }
  });
});

describe('no GET route changes state', () => {
  it('every documented GET, as a stranger, a customer and the admin, sends no write and leaves every table as it was', async () => {
    const admin = await adminClient(t.app);
    const customer = await makeCustomer(t);
    // Something to read: an item, so item and list routes do real work.
    await admin('POST', '/api/admin/items', { title: 'Read-only probe' });
    const before = await dbFingerprint(t.db);
    const writesBefore = queries.writes;
    const gets = routes.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(10);
    for (const route of gets) {
      await t.app.inject({ method: 'GET', url: route.url });
      await t.app.inject({ method: 'GET', url: route.url, ...withSession(customer.cookie) });
      await admin('GET', route.url);
    }
    // Row counts miss an UPDATE; the statements sent do not.
    expect(queries.writes - writesBefore).toBe(0);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });
});
