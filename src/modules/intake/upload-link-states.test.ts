import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { dbFingerprint } from '../../../test/support/db-fingerprint.js';
import { jpeg, multipart } from '../../../test/support/images.js';
import { makeUploadLink, storedFiles } from '../../../test/support/intake.js';

let t: TestApp;
let form: ReturnType<typeof multipart>;
beforeAll(async () => {
  t = await buildTestApp();
  form = multipart({ note: 'x' }, [
    { filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() },
  ]);
});
afterAll(() => t.close());

const read = (token: string, remoteAddress = '198.51.100.10') =>
  t.app.inject({ method: 'GET', url: `/api/upload-links/${token}`, remoteAddress });
const submit = (token: string, remoteAddress = '198.51.100.10') =>
  t.app.inject({
    method: 'POST',
    url: `/api/upload-links/${token}/submissions`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress,
  });

// What a client could tell links apart by: status, body and the headers that describe the body.
const visible = (res: Awaited<ReturnType<typeof read>>) => ({
  status: res.statusCode,
  body: res.body,
  type: res.headers['content-type'],
  length: res.headers['content-length'],
});

async function unusableLinks() {
  const revoked = await makeUploadLink(t.db, { revoked: true });
  const usedUp = await makeUploadLink(t.db, { maxSubmissions: 2, submissionCount: 2 });
  const unknown = 'A'.repeat(43);
  return { unknown, revoked: revoked.token, usedUp: usedUp.token, malformed: 'not-a-token' };
}

describe('GET /api/upload-links/:token (read link)', () => {
  it('answers 200 active for a usable link', async () => {
    const link = await makeUploadLink(t.db);
    const res = await read(link.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      active: true,
      max_files: 6,
      max_file_bytes: 15 * 1024 * 1024,
      accepted_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
  });

  it('treats a link with no cap (null) as usable however often it was used', async () => {
    const link = await makeUploadLink(t.db, { maxSubmissions: null, submissionCount: 500 });
    expect((await read(link.token)).statusCode).toBe(200);
  });

  it('rule 1: unknown, revoked and used-up links give byte-identical 404 link_not_active', async () => {
    const links = await unusableLinks();
    const answers = await Promise.all(Object.values(links).map((token) => read(token)));
    expect(answers[0]!.statusCode).toBe(404);
    expect(answers[0]!.json().error.code).toBe('link_not_active');
    for (const answer of answers) expect(visible(answer)).toEqual(visible(answers[0]!));
  });
});

describe('POST /api/upload-links/:token/submissions for unusable links', () => {
  it('rules 1 and 6: unknown, revoked and used-up answer identically, and nothing touches storage', async () => {
    const links = await unusableLinks();
    const rowsBefore = await dbFingerprint(t.db);
    const filesBefore = await storedFiles(t.dataDir);
    const answers = [];
    for (const token of Object.values(links)) {
      answers.push(await submit(token));
      expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    }
    expect(answers[0]!.statusCode).toBe(404);
    expect(answers[0]!.json().error.code).toBe('link_not_active');
    for (const answer of answers) expect(visible(answer)).toEqual(visible(answers[0]!));
    expect(await dbFingerprint(t.db)).toEqual(rowsBefore);
    // And read and submit say the same thing.
    expect(answers[0]!.body).toBe((await read(links.unknown)).body);
  });

  it('rule 1: the link is resolved before the form is read, so a bad form to a dead link is still 404', async () => {
    const { revoked } = await unusableLinks();
    const photo = await jpeg();
    const notAnImage = { filename: 'x.jpg', contentType: 'image/jpeg', bytes: Buffer.from('text') };
    const sevenFiles = Array.from({ length: 7 }, (_, i) => ({
      filename: `${i}.jpg`,
      contentType: 'image/jpeg',
      bytes: photo,
    }));
    for (const bad of [multipart({}, [notAnImage]), multipart({}, sevenFiles)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/upload-links/${revoked}/submissions`,
        headers: bad.headers,
        payload: bad.payload,
        remoteAddress: '198.51.100.11',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('link_not_active');
    }
  });

  it('refuses a link that a submission has just used up', async () => {
    const link = await makeUploadLink(t.db, { maxSubmissions: 1 });
    expect((await submit(link.token)).statusCode).toBe(201);
    expect((await submit(link.token)).statusCode).toBe(404);
    expect((await read(link.token)).statusCode).toBe(404);
  });
});

describe('spec 4.3 rule 6: a not-active link answers the same whatever the token looks like', () => {
  // Every request from its own caller: the limiters (spec 8) are not what is tested here.
  let callers = 0;
  const nextCaller = () => `2001:db8:${(++callers).toString(16)}::1`;
  // A token as a page puts it in the path: any text, percent-encoded (NUL and lone
  // surrogates included), or raw characters a path segment may hold (RFC 3986 pchar,
  // a lone % too). "." and ".." are left out: every URL parser removes dot segments
  // before a request is sent, so they never arrive as a token.
  const tokens = fc
    .oneof(
      fc.string({ unit: 'binary', maxLength: 700 }).map(encodeURIComponent),
      fc.string({
        unit: fc.constantFrom(..."Aa0-_~.%:@!$&()*+,;='".split('')),
        minLength: 1,
        maxLength: 700,
      }),
      fc.integer({ min: 0, max: 2000 }).map((n) => 'A'.repeat(n)),
    )
    .filter((token) => token !== '.' && token !== '..');

  it('read and submit answer every unknown, revoked, used-up or odd token with one body', async () => {
    const { revoked, usedUp } = await unusableLinks();
    const reference = await read('A'.repeat(43), nextCaller());
    expect(reference.statusCode).toBe(404);
    expect(reference.json().error).toEqual({
      code: 'link_not_active',
      message: expect.stringMatching(/new link/),
    });
    for (const token of [
      revoked,
      usedUp,
      'A'.repeat(600),
      `${'A'.repeat(600)}%ff`,
      '%ff',
      'a%00',
      '%ED%A0%80',
    ]) {
      expect(visible(await read(token, nextCaller())), token).toEqual(visible(reference));
      expect(visible(await submit(token, nextCaller())), token).toEqual(visible(reference));
    }
    const rowsBefore = await dbFingerprint(t.db);
    const filesBefore = await storedFiles(t.dataDir);
    await fc.assert(
      fc.asyncProperty(tokens, async (token) => {
        expect(visible(await read(token, nextCaller())), token).toEqual(visible(reference));
        expect(visible(await submit(token, nextCaller())), token).toEqual(visible(reference));
      }),
      { numRuns: 150 },
    );
    expect(await dbFingerprint(t.db)).toEqual(rowsBefore);
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
  });
});

describe('throttling (spec 4.3 submit 7, read 2; spec 8)', () => {
  it('the 121st read from one caller within the hour is 429, never 404, and says to wait', async () => {
    const link = await makeUploadLink(t.db);
    const caller = '203.0.113.21';
    for (let i = 0; i < 120; i++) expect((await read(link.token, caller)).statusCode).toBe(200);
    const throttled = await read(link.token, caller);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('too_many_requests');
    // Even an unknown link is throttled as 429: the limiter runs before the lookup.
    expect((await read('B'.repeat(43), caller)).statusCode).toBe(429);
    // The 404 and the 429 never share a message: one means "ask for a new link", the other "wait".
    const notActive = await read('B'.repeat(43), '203.0.113.99');
    expect(notActive.json().error.message).not.toBe(throttled.json().error.message);
    // Submitting has its own allowance.
    expect((await submit(link.token, caller)).statusCode).toBe(201);
  });

  it('the 31st submission from one caller within the hour is 429, never 404, and reads nothing', async () => {
    const link = await makeUploadLink(t.db, { maxSubmissions: null });
    const caller = '203.0.113.31';
    for (let i = 0; i < 30; i++) expect((await submit(link.token, caller)).statusCode).toBe(201);
    const rowsBefore = await dbFingerprint(t.db);
    const throttled = await submit(link.token, caller);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('too_many_requests');
    expect((await submit('C'.repeat(43), caller)).statusCode).toBe(429);
    expect(await dbFingerprint(t.db)).toEqual(rowsBefore);
    // Another caller still submits.
    expect((await submit(link.token, '203.0.113.32')).statusCode).toBe(201);
  });
});

describe('logs never carry a link token', () => {
  it('neither reading nor submitting writes the token into any log line', async () => {
    const link = await makeUploadLink(t.db);
    t.logs.clear();
    await read(link.token, '198.51.100.77');
    await submit(link.token, '198.51.100.77');
    expect(t.logs.lines.length).toBeGreaterThan(0);
    expect(t.logs.text()).not.toContain(link.token);
  });
});
