import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { CLIENT_ERROR_PREFIX, clientErrorHandler } from './client-errors.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.logs.clear());

const post = (payload: unknown, remoteAddress = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    payload: payload as object,
    remoteAddress,
  });

const reportLines = () =>
  t.logs.entries().filter((entry) => entry.msg?.startsWith(CLIENT_ERROR_PREFIX));

describe('POST /api/client-errors (spec 4.5)', () => {
  it('answers 204 with an empty body', async () => {
    const res = await post({ context: 'item', message: 'Cannot read properties of undefined' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('rule 3: writes one log line prefixed [client-error] per report, with the report in it', async () => {
    await post({
      context: 'cart',
      message: 'boom',
      stack: 'Error: boom\n    at Cart',
      component_stack: 'in Cart',
      url: 'http://localhost:3000/cart',
      user_agent: 'Firefox',
    });
    const lines = reportLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toBe('[client-error] cart: boom');
    expect(lines[0]?.clientError).toEqual({
      context: 'cart',
      message: 'boom',
      stack: 'Error: boom\n    at Cart',
      component_stack: 'in Cart',
      url: 'http://localhost:3000/cart',
      user_agent: 'Firefox',
    });
  });

  it.each(['storefront', 'item', 'account', 'cart', 'admin', 'upload'])(
    'accepts the context %s',
    async (context) => {
      const res = await post({ context, message: 'x' });
      expect(res.statusCode).toBe(204);
      expect(reportLines()[0]?.clientError).toMatchObject({ context });
    },
  );

  it.each([['checkout'], ['Cart'], [''], [7]])(
    'rule 1: refuses the unrecognised context %j with 400 invalid_context and logs nothing',
    async (context) => {
      const res = await post({ context, message: 'boom' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_context', field: 'context' });
      expect(reportLines()).toHaveLength(0);
      expect(t.logs.text()).not.toContain('boom');
    },
  );

  it('rule 1: refuses a report without a context the same way', async () => {
    const res = await post({ message: 'boom' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_context');
    expect(reportLines()).toHaveLength(0);
  });

  it('refuses unknown fields with 400 invalid_body and logs nothing', async () => {
    const res = await post({ context: 'cart', message: 'boom', severity: 'high' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field: 'severity' });
    expect(reportLines()).toHaveLength(0);
  });

  it('rule 2: truncates over-long fields instead of refusing them', async () => {
    const res = await post({
      context: 'storefront',
      message: 'm'.repeat(1_500),
      url: 'u'.repeat(1_200),
      user_agent: 'a'.repeat(1_001),
      stack: 's'.repeat(9_000),
      component_stack: 'c'.repeat(8_001),
    });
    expect(res.statusCode).toBe(204);
    const logged = reportLines()[0]?.clientError as Record<string, string>;
    expect(logged.message).toHaveLength(1_000);
    expect(logged.url).toHaveLength(1_000);
    expect(logged.user_agent).toHaveLength(1_000);
    expect(logged.stack).toHaveLength(8_000);
    expect(logged.component_stack).toHaveLength(8_000);
  });

  it('rule 2: a 40,000-character message is truncated, not refused (413 before)', async () => {
    const res = await post({
      context: 'item',
      message: 'x'.repeat(40_000),
      stack: 'y'.repeat(60_000),
    });
    expect(res.statusCode).toBe(204);
    const logged = reportLines()[0]?.clientError as Record<string, string>;
    expect(logged.message).toBe('x'.repeat(1_000));
    expect(logged.stack).toBe('y'.repeat(8_000));
  });

  it('answers a report of 200,000 letters at once, cut and logged (redaction is not quadratic)', async () => {
    // Before, every position of one long word rescanned the rest of it: minutes of a
    // blocked event loop for one request a stranger may send.
    const res = await post({
      context: 'item',
      message: 'x'.repeat(200_000),
      stack: 'token'.repeat(10_000),
    });
    expect(res.statusCode).toBe(204);
    const logged = reportLines()[0]?.clientError as Record<string, string>;
    expect(logged.message).toBe('x'.repeat(1_000));
    expect(logged.stack).toHaveLength(8_000);
  });

  it('still bounds what a stranger sends: a body over 256 KiB is 413 and not logged', async () => {
    const res = await post({ context: 'item', message: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('body_too_large');
    expect(reportLines()).toHaveLength(0);
  });

  it('treats "stack": null (and the other optional fields as null) as absent', async () => {
    const res = await post({
      context: 'account',
      message: 'boom',
      stack: null,
      component_stack: null,
      url: null,
      user_agent: null,
    });
    expect(res.statusCode).toBe(204);
    expect(reportLines()[0]?.clientError).toEqual({ context: 'account', message: 'boom' });
  });

  it('still refuses a field of another type: "stack": 5 is 400 invalid_body', async () => {
    const res = await post({ context: 'account', message: 'boom', stack: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_body', field: 'stack' });
    expect(reportLines()).toHaveLength(0);
  });

  it('rule 3: stores nothing: no table gains or loses a row', async () => {
    const before = await dbFingerprint(t.db);
    expect((await post({ context: 'cart', message: 'x', stack: 'Error: x' })).statusCode).toBe(204);
    expect(await dbFingerprint(t.db)).toEqual(before);
  });

  it('rule 4: the handler is synchronous', () => {
    expect(clientErrorHandler.constructor.name).toBe('Function');
  });

  it('has its own limiter: the 61st report in a minute from one caller gets 429 and is not logged', async () => {
    const caller = '192.0.2.50';
    for (let i = 0; i < 60; i++)
      expect((await post({ context: 'cart', message: `n${i}` }, caller)).statusCode).toBe(204);
    t.logs.clear();
    const refused = await post({ context: 'cart', message: 'one too many' }, caller);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(reportLines()).toHaveLength(0);
    // Another caller still has its own allowance.
    expect((await post({ context: 'cart', message: 'other' }, '192.0.2.51')).statusCode).toBe(204);
  });
});
