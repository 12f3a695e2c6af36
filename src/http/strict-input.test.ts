import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';
import { AppError } from './errors.js';
import { errors, IdParams, StrictObject } from './schemas.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Routes that exist only in this test, to exercise the core on shapes later modules use.
  t.app.get(
    '/test/things/:id',
    {
      schema: {
        params: IdParams,
        querystring: StrictObject({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({ id: Type.Integer(), limit: Type.Integer() }),
          ...errors(400),
        },
      },
    },
    async (request) => ({ id: request.params.id, limit: request.query.limit ?? 24 }),
  );
  t.app.post(
    '/test/things',
    {
      schema: {
        body: StrictObject({ count: Type.Integer() }),
        response: { 200: Type.Object({ count: Type.Integer() }) },
      },
    },
    async (request) => ({ count: request.body.count }),
  );
  // A scope that adds its own shared schema gets its own schema controller in
  // Fastify; our strict validator must reach it too.
  t.app.register(async (scope) => {
    scope.addSchema(Type.Object({ n: Type.Integer() }, { $id: 'ScopedShape' }));
    scope.post(
      '/test/scoped',
      {
        schema: {
          body: StrictObject({ name: Type.String() }),
          response: { 200: Type.Object({ name: Type.String() }) },
        },
      },
      async (request) => ({ name: (request.body as { name: string }).name }),
    );
  });
  t.app.get('/test/conflict', { schema: {} }, async () => {
    throw new AppError(409, 'item_sold', 'This item is already sold.');
  });
  t.app.get('/test/crash', { schema: {} }, async () => {
    throw new Error('secret internal detail: connection to 10.1.2.3 refused');
  });
});
afterAll(() => t.close());

const error = (res: { json(): unknown }) => (res.json() as { error: Record<string, string> }).error;

describe('strict input', () => {
  it('coerces a query parameter only where the schema says a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/things/7?limit=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, limit: 5 });
  });

  it('refuses an unknown query parameter with 400 in the contract shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/things/7?limit=5&colour=red' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_parameter', message: 'Unknown parameter "colour".', field: 'colour' },
    });
  });

  it('refuses unknown query parameters on a route that declares none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz?debug=1' });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_parameter', field: 'debug' });
  });

  it.each(['abc', '1.5', '1e3', ' 5', '', '0x10', '0', '101'])(
    'refuses limit=%j naming the parameter',
    async (value) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/test/things/7?limit=${encodeURIComponent(value)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_parameter', field: 'limit' });
    },
  );

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'refuses the path id %j with 400 invalid_id',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/test/things/${id}` });
      expect(res.statusCode).toBe(400);
      expect(error(res).code).toBe('invalid_id');
    },
  );

  it('refuses an unknown body field instead of dropping it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/things',
      payload: { count: 1, admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_body', field: 'admin' });
  });

  it('refuses unknown body fields in a scope that adds its own shared schemas too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/scoped',
      payload: { name: 'x', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_body', field: 'role' });
  });

  it('never coerces a JSON body: "5" is not 5', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/things',
      payload: { count: '5' },
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_body', field: 'count' });
  });

  it('refuses malformed JSON with 400 invalid_body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"count": 1',
    });
    expect(res.statusCode).toBe(400);
    expect(error(res).code).toBe('invalid_body');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ count: 1, pad: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(error(res).code).toBe('body_too_large');
  });
});

describe('error rendering', () => {
  it('renders a thrown domain error with its status and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'item_sold', message: 'This item is already sold.' },
    });
  });

  it('renders an unknown route as 404 not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(error(res).code).toBe('not_found');
  });

  it('renders an unexpected error as 500 without internals, and logs it', async () => {
    t.logs.clear();
    const res = await t.app.inject({ method: 'GET', url: '/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
    expect(res.body).not.toContain('10.1.2.3');
    expect(t.logs.text()).toContain('secret internal detail');
  });
});
