import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/build-test-app.js';

// Issue 14 item 21: /openapi.json describes what a client meets. Walks every operation,
// so a route added later is held to the same rules without anyone listing it here.

interface Operation {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: { properties?: object } }>;
  };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
let operations: Array<{ name: string; method: string; path: string; op: Operation }>;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      op,
    })),
  );
});
afterAll(() => t.close());

const statusesOf = (op: Operation) => Object.keys(op.responses).map(Number);
const needing = (status: number, filter: (o: (typeof operations)[number]) => boolean) =>
  operations.filter(filter).filter(({ op }) => !statusesOf(op).includes(status));
const names = (list: typeof operations) => list.map((o) => o.name);
const isWrite = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
const isAdmin = (path: string) => path.startsWith('/api/admin/') && path !== '/api/admin/login';

describe('/openapi.json: every operation', () => {
  it('has a summary', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(names(operations.filter(({ op }) => !op.summary?.trim()))).toEqual([]);
  });

  it('admin operations (all but sign-in) require the admin cookie and document 401', () => {
    const admin = operations.filter(({ path }) => isAdmin(path));
    expect(admin.length).toBeGreaterThan(20);
    expect(
      names(admin.filter(({ op }) => JSON.stringify(op.security) !== '[{"adminSession":[]}]')),
    ).toEqual([]);
    expect(names(needing(401, ({ path }) => isAdmin(path)))).toEqual([]);
  });

  it('customer operations behind the session require the customer cookie; public ones do not', () => {
    const withCustomerCookie = operations
      .filter(({ op }) => op.security?.some((scheme) => 'customerSession' in scheme))
      .map((o) => o.name);
    expect(withCustomerCookie).toEqual(
      expect.arrayContaining([
        'GET /api/customers/me',
        'PUT /api/customers/me',
        'DELETE /api/customers/me',
        'POST /api/customers/resend-verification',
        'GET /api/cart',
        'POST /api/cart/items',
        'POST /api/cart/checkout',
        'GET /api/customers/me/favorites',
      ]),
    );
    for (const open of [
      'POST /api/customers/login',
      'POST /api/customers/register',
      'POST /api/customers/password-reset/request',
      'GET /api/items',
      'POST /api/admin/login',
    ]) {
      expect(withCustomerCookie).not.toContain(open);
      expect(operations.find((o) => o.name === open)?.op.security).toBeUndefined();
    }
    // Every scheme an operation names is defined, and every guarded operation documents 401.
    const guarded = operations.filter(({ op }) => op.security);
    for (const { op } of guarded) {
      for (const scheme of op.security ?? [])
        for (const name of Object.keys(scheme))
          expect(doc.components.securitySchemes[name]).toBeDefined();
    }
    expect(names(needing(401, ({ op }) => Boolean(op.security)))).toEqual([]);
  });

  it('every write documents 400, 403 (cross-site), 413 and 415', () => {
    for (const status of [400, 403, 413, 415]) {
      expect({ status, missing: names(needing(status, ({ method }) => isWrite(method))) }).toEqual({
        status,
        missing: [],
      });
    }
  });

  it('every operation taking parameters documents 400; rate-limited ones 429', () => {
    // Media is the exception: any path it cannot serve is simply not there (404).
    const takesParameters = ({ op, path }: (typeof operations)[number]) =>
      (op.parameters ?? []).length > 0 && path !== '/media/{path}';
    expect(names(needing(400, takesParameters))).toEqual([]);
    for (const limited of [
      'POST /api/customers/login',
      'POST /api/customers/register',
      'POST /api/customers/password-reset/request',
      'POST /api/admin/login',
      'GET /api/upload-links/{token}',
      'POST /api/upload-links/{token}/submissions',
      'POST /api/cart/items',
      'POST /api/cart/checkout',
    ]) {
      expect(statusesOf(operations.find((o) => o.name === limited)!.op)).toContain(429);
    }
  });

  it('every error response (4xx, 5xx) is the contract error shape', () => {
    const wrong = operations.flatMap(({ name, op }) =>
      Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .filter(
          ([, response]) =>
            response.content?.['application/json']?.schema?.$ref !==
            '#/components/schemas/ErrorResponse',
        )
        .map(([status]) => `${name} ${status}`),
    );
    expect(wrong).toEqual([]);
  });

  it('routes that send an ETag document 304', () => {
    for (const name of ['GET /api/items', 'GET /api/items/{id}', 'GET /api/filters']) {
      expect(statusesOf(operations.find((o) => o.name === name)!.op)).toContain(304);
    }
  });

  it('the submission route describes its multipart form', () => {
    const submit = operations.find((o) => o.name === 'POST /api/upload-links/{token}/submissions');
    const form = submit?.op.requestBody?.content?.['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {}).sort()).toEqual([
      'note',
      'photos',
      'remove_background',
    ]);
  });

  it('checkout and the quote document their body as optional (none means pickup); every other body is required', () => {
    const checkout = operations.find((o) => o.name === 'POST /api/cart/checkout')!.op;
    expect(checkout.requestBody?.required).toBe(false);
    // Still described, so a body that is sent is known to be validated.
    const body = checkout.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      'accept_terms',
      'address_id',
      'checkout_wording',
      'note',
      'shipping_address',
    ]);
    const optional = operations.filter(({ op }) => op.requestBody && !op.requestBody.required);
    expect(names(optional).sort()).toEqual(['POST /api/cart/checkout', 'POST /api/cart/quote']);
    expect(JSON.stringify(doc)).not.toContain('x-body-optional');
  });

  it('/healthz, /readyz and /media/{path} are documented', () => {
    for (const name of ['GET /healthz', 'GET /readyz', 'GET /media/{path}']) {
      expect(operations.find((o) => o.name === name)?.op.summary).toEqual(expect.any(String));
    }
    expect(statusesOf(operations.find((o) => o.name === 'GET /media/{path}')!.op)).toContain(404);
    expect(statusesOf(operations.find((o) => o.name === 'GET /readyz')!.op)).toContain(503);
  });
});

describe('/openapi.json: webhooks (OpenAPI 3.1)', () => {
  it('describes every event the shop sends, with its Standard Webhooks headers and body', async () => {
    const full = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      webhooks: Record<string, { post: Operation & { parameters: Array<{ name: string }> } }>;
    };
    expect(Object.keys(full.webhooks).sort()).toEqual(
      [
        'item.published',
        'item.unpublished',
        'item.reserved',
        'item.released',
        'item.sold',
        'order.placed',
        'order.paid',
        'order.shipped',
        'order.delivered',
        'order.cancelled',
        'order.refunded',
        'submission.received',
      ].sort(),
    );
    const sold = full.webhooks['item.sold']!.post;
    expect(sold.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = sold.requestBody!.content!['application/json']!.schema as {
      properties: { type: { const: string }; data: { properties: Record<string, unknown> } };
    };
    expect(body.properties.type.const).toBe('item.sold');
    expect(Object.keys(body.properties.data.properties)).toEqual(
      expect.arrayContaining(['id', 'title', 'status', 'price_cents']),
    );
  });
});
