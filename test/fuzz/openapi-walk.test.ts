import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV } from '../support/admin.js';
import { buildTestApp, type TestApp } from '../support/build-test-app.js';
import { makeCustomer } from '../support/customer-factories.js';
import { makeItem } from '../support/factories.js';
import { jpeg } from '../support/images.js';
import { makeUploadLink } from '../support/intake.js';

/**
 * A seeded walk over every operation of /openapi.json with schema-shaped and
 * hostile values: NUL, lone surrogates, huge numbers, wrong types, extra fields,
 * long strings and odd encodings. Whatever a stranger sends, the answer is never
 * a 5xx, every refusal has the contract's shape and every answer carries the
 * security headers. A route added later is walked without anyone listing it.
 */

const SEED = 20_261_122;
const FIXTURE_DIST = new URL('../fixtures/web-dist', import.meta.url).pathname;
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  $ref?: string;
};
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  json?: JsonSchema;
  multipart: boolean;
}

let t: TestApp;
let operations: Operation[];
let adminCookie: string;
let customerCookie: string;
let linkToken: string;
let photo: Buffer;
let signIns = 0;

beforeAll(async () => {
  // A built web client, as deployed: a respelt address the router does not know as the
  // API's (`/API/…`) reaches the page fallback, which answers with the page, not 503.
  t = await buildTestApp({ env: { ...ADMIN_ENV, WEB_DIST_DIR: FIXTURE_DIST } });
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(op.requestBody?.content?.['application/json']?.schema
        ? { json: op.requestBody.content['application/json'].schema }
        : {}),
      // The admin photo routes read their own form and document no body.
      multipart:
        Boolean(op.requestBody?.content?.['multipart/form-data']) ||
        path.endsWith('/submissions') ||
        (method === 'post' && path.endsWith('/images')) ||
        (method === 'put' && path.endsWith('/images/{image_id}')),
    })),
  );
  await signIn();
  // An unlimited link, so submissions get past the token check and reach the form parser.
  linkToken = (await makeUploadLink(t.db, { maxSubmissions: null })).token;
  photo = await jpeg({ width: 16, height: 16 });
  // Something for item ids to find.
  for (let i = 0; i < 3; i += 1) await makeItem(t.db, { status: 'available' });
  await makeItem(t.db, { status: 'pending' });
}, 120_000);
afterAll(() => t.close());

async function signIn(): Promise<void> {
  // From a new address each time: admin sign-in is limited per caller.
  signIns += 1;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: ADMIN,
    remoteAddress: `198.51.${Math.floor(signIns / 250)}.${signIns % 250}`,
  });
  adminCookie = login.cookies.find((c) => c.name === 'shop_admin')?.value ?? '';
  customerCookie = (await makeCustomer(t)).cookie;
}

// ---------------------------------------------------------------- values

const hostileStrings = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '   ',
  '',
  '\t\n',
  'x'.repeat(5_000),
  // Past the 64 KiB JSON body limit on its own: 413, never a 5xx.
  'y'.repeat(70_000),
  'é'.repeat(300),
  '\u00ff\u00fe',
  'a\r\nSet-Cookie: x=1',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%ff',
  '\u202e\u0301',
  '😀'.repeat(50),
);
const hostileNumbers = fc.constantFrom(
  2_147_483_648,
  -2_147_483_649,
  99_999_999_999,
  9_007_199_254_740_992,
  1e308,
  -1,
  0,
  1.5,
  -0.5,
);
const wrongTypes = fc.constantFrom<unknown>(null, true, [], {}, [1, 2], { a: 1 }, '5', 5);
const hostile: fc.Arbitrary<unknown> = fc.oneof(hostileStrings, hostileNumbers, wrongTypes);

function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.jsonValue({ maxDepth: 1 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => shaped(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 1_000_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(shaped(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const arbitraries = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, shaped(s, depth + 1)]),
      );
      return fc.record(arbitraries, {
        requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
      });
    }
    default:
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({
        minLength: Math.min(schema.minLength ?? 0, 20),
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      });
  }
}

/** Schema-shaped most of the time, hostile often enough to matter. */
const valueFor = (schema: JsonSchema | undefined) =>
  fc.oneof({ arbitrary: shaped(schema), weight: 3 }, { arbitrary: hostile, weight: 2 });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const cursors = fc.constantFrom(
  b64(['newest', '2026-10-25T03:23:32.895000Z', 99_999_999_999]),
  b64(['newest', '2026-10-25T03:23:32.895000Z', 2_147_483_648]),
  b64(['price_asc', 2_147_483_648, 534]),
  b64(['price_desc', 1e300, 1]),
  b64(['newest', '9999-12-31T23:59:59.999999Z', 1]),
  b64(['newest', '0000-01-01T00:00:00.000000Z', 1]),
  Buffer.from('99999999999').toString('base64url'),
  Buffer.from('2147483648').toString('base64url'),
  // Written out, as the drafts and outbox lists give theirs: one past the integer column and more.
  '2147483648',
  '4294967296',
  '9999999999',
  '2147483647',
  '0000000001',
  Buffer.from('1e3').toString('base64url'),
  Buffer.from('\u0000').toString('base64url'),
);

/** Percent-encodes as a browser would; a lone surrogate goes as its (invalid) WTF-8 bytes. */
function encode(value: string): string {
  return value.replace(/[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    const unit = part.charCodeAt(0);
    if (part.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
      return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
    return encodeURIComponent(part);
  });
}

/** A query or path value written into the URL: percent-encoded, or raw and odd. */
const urlValue = (schema: JsonSchema, name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: valueFor(schema).map((v) => encode(String(v))), weight: 5 },
    ...(name === 'cursor' ? [{ arbitrary: cursors, weight: 4 }] : []),
    {
      arbitrary: fc.constantFrom(
        '%ff',
        '%00',
        '%',
        '%zz',
        '%c0%af',
        '..%2f..%2fdb',
        'A'.repeat(500),
        '%ed%a0%80',
        '%c3%28',
        '1e3',
        '0x10',
        '+1',
        '%201',
        '1.0',
        '-0',
        'NaN',
        'Infinity',
        '99999999999999999999',
        '2147483648',
        '9999999999',
      ),
      weight: 2,
    },
  );

interface FuzzRequest {
  operation: Operation;
  signedIn: boolean;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

function pathFor(operation: Operation): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'path');
  const values = params.map((p) =>
    p.name === 'token'
      ? fc.oneof(
          { arbitrary: fc.constant(linkToken), weight: 3 },
          { arbitrary: urlValue(p.schema, p.name), weight: 1 },
        )
      : fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: 6 }).map(String), weight: 3 },
          { arbitrary: urlValue(p.schema, p.name), weight: 1 },
        ),
  );
  return fc
    .tuple(...values)
    .map((chosen) =>
      params.reduce(
        (path, p, i) => path.replace(`{${p.name}}`, chosen[i] as string),
        operation.path,
      ),
    );
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'query');
  const pairs = params.map((p) =>
    fc.option(
      urlValue(p.schema, p.name).map((v) => `${p.name}=${v}`),
      { nil: undefined, freq: 2 },
    ),
  );
  // Now and then a parameter no route declares, repeated, or oddly encoded.
  const extra = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 8 },
    {
      arbitrary: fc.constantFrom('debug=1', 'limit=1&limit=2', 'q=a%00b', '%ff=1', 'x'.repeat(300)),
      weight: 1,
    },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const parts = [...chosen, more].filter((p): p is string => p !== undefined);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

function poison(value: unknown, text: string, number: number): unknown {
  if (typeof value === 'string') return value.length % 2 === 0 ? text : `${value}${text}`;
  if (typeof value === 'number') return number;
  if (Array.isArray(value)) return value.map((v) => poison(v, text, number));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, text, number)]));
  return value;
}

// Field names a stranger may send: unknown, NUL, a lone surrogate, long, prototype keys.
const HOSTILE_KEYS = ['unknown_field', 'x', 'a\u0000b', '\ud800', 'k'.repeat(300), 'toString'];

/** Bytes no JSON parser should take, and encodings other than UTF-8. */
const oddEncodings = fc.constantFrom(
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // a byte-order mark before {}
  Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), // overlong /
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), // CESU surrogate
  Buffer.from('{"email":"a@b.c"}', 'utf16le'),
  Buffer.from('{"a":1}\u0000'),
  Buffer.from(`${'['.repeat(5_000)}${']'.repeat(5_000)}`), // deep nesting
  Buffer.from(`{"a":${'1'.repeat(400)}}`), // a number no double holds exactly
  Buffer.from('{"a":1e999}'),
  Buffer.from('{"a":1,"a":2}'),
);

/** A JSON body: shaped, shaped with one field made hostile or added, or not JSON at all. */
function jsonBodyFor(schema: JsonSchema | undefined): fc.Arbitrary<string | Buffer | undefined> {
  const base = shaped(schema ?? { type: 'object', properties: {} });
  const keys = Object.keys(schema?.properties ?? {});
  const mutated = fc
    .tuple(base, fc.constantFrom(...keys, ...HOSTILE_KEYS), hostile)
    .map(([body, key, value]) =>
      JSON.stringify(
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ...body, [key]: value }
          : { [key]: value },
      ),
    );
  // Every text field made hostile at once, and every number out of range: the field
  // checked first is not always the one that would break the database.
  const poisoned = fc
    .tuple(base, hostileStrings, hostileNumbers)
    .map(([body, text, number]) => JSON.stringify(poison(body, text, number)));
  return fc.oneof(
    { arbitrary: base.map((b) => JSON.stringify(b)), weight: 2 },
    { arbitrary: mutated, weight: 3 },
    { arbitrary: poisoned, weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '{',
        'null',
        '[]',
        '"x"',
        '{"a":1}{',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        `{"a":"${'\\u0000'}"}`,
        `{"a":"${'\\ud800'}"}`,
      ),
      weight: 1,
    },
    { arbitrary: oddEncodings, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** A form as a phone would send it, whole, cut off part-way, or under another boundary. */
function multipartFor(): fc.Arbitrary<{ payload: Buffer; type: string }> {
  let boundary = 'shop-fuzz-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, type: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  // Besides the note and one photo: nothing, or a part the form does not take.
  const extras = fc.constantFrom(
    () => Buffer.alloc(0),
    () => Buffer.from(field('note', 'a second note')),
    () => Buffer.from(field('remove_background', 'maybe')),
    () => Buffer.from(field('a\u0000b', 'x')),
    () => file('document', 'a.jpg', 'image/jpeg', photo),
    () => file('photos', 'a.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')),
    () => file('photos', '\u0000.jpg', 'image/png', photo),
    () => file('photos', 'x'.repeat(300), 'image/jpeg', Buffer.alloc(0)),
  );
  const form = (note: string, extra: () => Buffer) => {
    boundary = 'shop-fuzz-boundary';
    const body = Buffer.concat([
      Buffer.from(field('note', note)),
      file('photos', 'a.jpg', 'image/jpeg', photo),
      extra(),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return { body, boundary };
  };
  // RFC 2046 allows 1–70 characters; the parser threw past 252 (issue 31 item 6).
  const longBoundary = fc.constantFrom(70, 71, 200, 252, 253, 254, 256, 300, 1_000, 5_000);
  const longForm = (note: string, length: number) => {
    boundary = 'b'.repeat(length);
    const body = Buffer.concat([
      Buffer.from(field('note', note)),
      file('photos', 'a.jpg', 'image/jpeg', photo),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return { payload: body, type: `multipart/form-data; boundary=${boundary}` };
  };
  return fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 20 }), hostileStrings),
      fc.constantFrom('whole', 'cut', 'boundary', 'long boundary', 'no body'),
      fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      extras,
      longBoundary,
    )
    .map(([note, how, at, extra, length]) => {
      if (how === 'long boundary') return longForm(note, length);
      if (how === 'no body') return { payload: Buffer.alloc(0), type: '' };
      const { body, boundary } = form(note, extra);
      if (how === 'whole')
        return { payload: body, type: `multipart/form-data; boundary=${boundary}` };
      if (how === 'cut')
        return {
          payload: body.subarray(0, Math.floor(body.length * at)),
          type: `multipart/form-data; boundary=${boundary}`,
        };
      return { payload: body, type: 'multipart/form-data; boundary=another-boundary' };
    });
}

/** Content types a confused or hostile client sends instead of the route's own. */
const oddContentTypes = fc.constantFrom(
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/jpeg',
  'x'.repeat(1_000),
);

/** Headers the routes read (cookies, caching, the cross-site check), with odd values. */
const oddHeaders = fc.constantFrom<Record<string, string>>(
  { 'if-none-match': '*' },
  { 'if-none-match': '"x", W/"y", *' },
  { 'if-none-match': '"'.repeat(2_000) },
  { cookie: 'shop_session=%ff; shop_admin=%00' },
  { cookie: `shop_session=${'A'.repeat(4_000)}` },
  { cookie: 'shop_session=a; shop_session=b' },
  { 'sec-fetch-site': 'same-origin, cross-site' },
  { 'sec-fetch-site': 'nonsense' },
  { origin: 'null' },
  { origin: 'http://localhost:3000.evil.example' },
  { 'accept-encoding': 'gzip;q=x, *;q=-1' },
  { 'x-forwarded-for': '::ffff:999.1.1.1, \u00ff' },
  { range: 'bytes=9999999999999999999-' },
);

/** `value` once in `every` draws, undefined otherwise. */
const rarely = <T>(value: fc.Arbitrary<T>, every: number) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: every - 1 },
    { arbitrary: value, weight: 1 },
  );

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = operation.multipart
    ? multipartFor()
    : jsonBodyFor(operation.json).map((payload) =>
        payload === undefined ? {} : { payload, type: 'application/json' },
      );
  return fc
    .record({
      path: pathFor(operation),
      query: queryFor(operation),
      body,
      // Signed in as the admin and a customer at once, so both kinds of route get past their guard.
      signedIn: fc.boolean(),
      // Many callers, so rate limits do not answer everything with 429.
      remoteAddress: fc.ipV4().map((ip) => ip),
      // Now and then (fc.option's freq is the odds of *no* value: these were nearly always set).
      contentType: rarely(oddContentTypes, 12),
      headers: rarely(oddHeaders, 4),
      spelling: fc.oneof(
        { arbitrary: fc.constant<Spelling>('as is'), weight: 6 },
        { arbitrary: fc.constantFrom(...SPELLINGS), weight: 1 },
      ),
    })
    .map(({ path, query, body, signedIn, remoteAddress, contentType, headers, spelling }) => ({
      operation,
      // Signing out would end the walk's own sessions; it is walked as a stranger.
      signedIn: signedIn && !path.endsWith('/logout'),
      url: respell(`${path}${query}`, spelling),
      headers: {
        ...headers,
        ...(contentType || body.type ? { 'content-type': contentType ?? body.type } : {}),
      } as Record<string, string>,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      remoteAddress,
    }));
}

/**
 * Other spellings of the same address that a router may take as it (issue 31 item 2):
 * whatever the spelling, the answer is no 5xx and no log line holds the link token.
 */
const SPELLINGS = [
  '%75 for u',
  'leading //',
  'inner //',
  'capitals',
  'absolute-form',
  '#token=',
  'next=%2Fupload%2F',
] as const;
type Spelling = (typeof SPELLINGS)[number] | 'as is';

function respell(url: string, spelling: Spelling): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const query = question === -1 ? '' : url.slice(question);
  switch (spelling) {
    case 'as is':
      return url;
    case '%75 for u':
      return `${path.replace('u', '%75')}${query}`;
    case 'leading //':
      return `/${url}`;
    case 'inner //':
      return `${path.replace(/^(\/[^/]*)\//, '$1//')}${query}`;
    case 'capitals':
      return `${path.replace(/^\/[^/]*/, (first) => first.toUpperCase())}${query}`;
    case 'absolute-form':
      return `http://localhost${url}`;
    case '#token=':
      return `${url}#token=${linkToken}`;
    case 'next=%2Fupload%2F':
      return `${url}${query ? '&' : '?'}next=%2Fupload%2F${linkToken}`;
  }
}

// ---------------------------------------------------------------- checks

/** The error shape's keys: the contract's three and the documented additions. */
const ERROR_KEYS = ['code', 'message', 'field', 'fields', 'available_again_at'];

/** `error.fields`: at most 20 fields, each named and told in a sentence. */
const isFieldList = (value: unknown) =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.length <= 20 &&
  value.every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      Object.keys(entry).join() === 'field,message' &&
      typeof (entry as { field: unknown }).field === 'string' &&
      typeof (entry as { message: unknown }).message === 'string' &&
      (entry as { message: string }).message.length > 0,
  );

function problemsOf(
  method: string,
  res: {
    statusCode: number;
    headers: Record<string, unknown>;
    body: string;
  },
): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push('5xx');
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no security headers');
  if (!res.headers['content-security-policy']) problems.push('no CSP');
  if (res.statusCode === 405 && !res.headers.allow) problems.push('405 without Allow');
  // A HEAD answer has no body by definition; its status and headers are checked.
  if (res.statusCode >= 400 && method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      problems.push('error body is not JSON');
      return problems;
    }
    const ok =
      typeof parsed === 'object' &&
      parsed !== null &&
      Object.keys(parsed).join() === 'error' &&
      (() => {
        const e = (parsed as { error: Record<string, unknown> }).error;
        return (
          typeof e === 'object' &&
          e !== null &&
          Object.keys(e).every((k) => ERROR_KEYS.includes(k)) &&
          typeof e.code === 'string' &&
          /^[a-z][a-z0-9_]*$/.test(e.code) &&
          typeof e.message === 'string' &&
          e.message.length > 0 &&
          (e.field === undefined || typeof e.field === 'string') &&
          (e.fields === undefined || isFieldList(e.fields)) &&
          (e.available_again_at === undefined ||
            (typeof e.available_again_at === 'string' &&
              !Number.isNaN(Date.parse(e.available_again_at))))
        );
      })();
    if (!ok) problems.push('error not in the contract shape');
  }
  return problems;
}

describe('a seeded walk over every operation with hostile input', () => {
  it(
    'never answers 5xx; every refusal has the contract shape and the security headers',
    async () => {
      expect(operations.length).toBeGreaterThan(30);
      const found = new Map<string, string>();
      const statuses = new Map<number, number>();
      let walked = 0;
      const requests = fc.constantFrom(...operations).chain(requestFor);
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const cookies = request.signedIn
            ? { shop_admin: adminCookie, shop_session: customerCookie }
            : undefined;
          const res = await t.app.inject({
            method: request.operation.method as 'GET',
            url: request.url,
            headers: request.headers,
            remoteAddress: request.remoteAddress,
            ...(cookies ? { cookies } : {}),
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          walked += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const logged = t.logs.text();
          t.logs.clear();
          // The walk may disable its own customer or end a session: sign in again.
          if (request.signedIn && res.statusCode === 401) await signIn();
          const problems = problemsOf(request.operation.method, res);
          if (logged.includes(linkToken)) problems.push('link token in the log');
          for (const problem of problems) {
            // One example per route and problem: the list reads as a report of what is wrong.
            const key = `${request.operation.method} ${request.operation.path}: ${problem} (${res.statusCode})`;
            if (!found.has(key))
              found.set(
                key,
                `${request.url.slice(0, 100)} ${String(request.payload ?? '').slice(0, 80)} → ${res.body.slice(0, 120)}`,
              );
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
      const counts = [...statuses].sort(([a], [b]) => a - b);
      const fivexx = counts.filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
      console.info(
        `[fuzz] ${walked} requests over ${operations.length} operations; 5xx: ${fivexx}; by status: ${counts.map(([status, n]) => `${status}×${n}`).join(' ')}`,
      );
      expect(Object.fromEntries(found)).toEqual({});
    },
    // About 15 ms a request on a loaded 2-core machine: FUZZ_RUNS=20000 takes minutes.
    Math.max(240_000, RUNS * 50),
  );
});
