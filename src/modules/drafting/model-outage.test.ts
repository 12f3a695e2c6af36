import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import {
  type ChatCompletionsServer,
  chatCompletionsServer,
} from '../../../test/support/chat-completions-server.js';
import { draftRow, goodAnswer, submitPhotos } from '../../../test/support/drafting.js';
import { discOnPlainBackground } from '../../../test/support/product-photos.js';
import { startTcpProxy, type TcpProxy } from '../../../test/support/tcp-proxy.js';

// Issue 30, item 19: an unreachable model server pauses drafting, which resumes by
// itself when the server answers again; only answers that are wrong fail a draft.
const good = goodAnswer;
const MINUTE = 60_000;

let server: ChatCompletionsServer;
/** Between the shop and the model server: `refuse()` is a server that is down. */
let proxy: TcpProxy;
let t: TestApp;
let photo: Buffer;

beforeAll(async () => {
  server = await chatCompletionsServer();
  const upstream = new URL(server.apiBase);
  proxy = await startTcpProxy({ host: upstream.hostname, port: Number(upstream.port) });
  t = await buildTestApp({
    env: {
      DRAFT_PROVIDER: 'openai',
      DRAFT_API_BASE: proxy.url(server.apiBase),
      DRAFT_MODEL: 'vision-test',
      // The shortest allowed: a call that hangs is a timeout within a second.
      DRAFT_TIMEOUT_SECONDS: '1',
    },
  });
  photo = await discOnPlainBackground();
}, 300_000);
afterAll(async () => {
  await t.close();
  await proxy.close();
  await server.close();
}, 120_000);

beforeEach(async () => {
  server.answerWith(good);
  await proxy.forward();
  // Each test starts with drafting running: a minute for any probe still due, then an answer.
  t.clock.advance(10 * MINUTE);
  await t.app.jobs.drain();
});

const submit = async (count: number) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await submitPhotos(t, [photo], { removeBackground: false })).draftId);
  return ids;
};

async function draftJobs(ids: number[]) {
  const { rows } = await sql<{ state: string; attempts: number }>`
    SELECT state, attempts FROM jobs
    WHERE kind = 'drafting.draft' AND key IN (${sql.join(ids.map((id) => `draft:${id}`))})
    ORDER BY id`.execute(t.db);
  return rows;
}

/** Moves the clock in steps, running what falls due at each. */
async function passTime(totalMs: number, stepMs: number) {
  for (let passed = 0; passed < totalMs; passed += stepMs) {
    t.clock.advance(stepMs);
    await t.app.jobs.drain();
  }
}

describe('a model server that cannot be reached pauses drafting (issue 30, item 19)', () => {
  it('an hour of refused connections fails no draft; once it answers, each draft is drafted with one call', async () => {
    await proxy.refuse();
    t.logs.clear();
    const ids = await submit(3);
    await t.app.jobs.drain();
    for (const id of ids)
      expect(await draftRow(t, id)).toMatchObject({
        state: 'queued',
        last_error: expect.stringMatching(/^Paused: The model server could not be reached/),
      });

    // Far past the ~7.5 minutes five attempts used to last.
    await passTime(60 * MINUTE, MINUTE);
    for (const id of ids) expect((await draftRow(t, id)).state).toBe('queued');
    // The waits spent no attempt: the jobs are as fresh as when they were queued.
    expect(await draftJobs(ids)).toEqual(ids.map(() => ({ state: 'queued', attempts: 0 })));

    await proxy.forward();
    const calls = server.calls.length;
    // The next probe is at most five minutes away; the probe drafts one, the rest follow at once.
    await passTime(5 * MINUTE, MINUTE);
    expect(server.calls.length - calls).toBe(3);
    for (const id of ids)
      expect(await draftRow(t, id)).toMatchObject({
        state: 'drafted',
        attempts: 1,
        last_error: null,
      });
    const paused = t.logs.lines.filter((line) => line.includes('drafting paused'));
    const resumed = t.logs.lines.filter((line) => line.includes('drafting resumed'));
    expect([paused.length, resumed.length]).toEqual([1, 1]);
  });

  it('5xx and 429 pause too: while paused only one probe calls the server, each after a longer wait or the Retry-After', async () => {
    server.behave({ kind: 'raw', status: 503, body: '{}' });
    const ids = await submit(3);
    const calls = () => server.calls.length;
    const start = calls();
    await t.app.jobs.drain();
    // The first draft met the 503; the other two waited without a call.
    expect(calls() - start).toBe(1);
    for (const id of ids)
      expect((await draftRow(t, id)).last_error).toMatch(/^Paused: .*answered 503/);

    t.clock.advance(29_000);
    await t.app.jobs.drain();
    expect(calls() - start).toBe(1);
    t.clock.advance(1_000); // the probe, 30 s after the pause: one call, still 503
    await t.app.jobs.drain();
    expect(calls() - start).toBe(2);
    t.clock.advance(59_000); // twice as long now
    await t.app.jobs.drain();
    expect(calls() - start).toBe(2);

    // The server is overloaded and says when to come back.
    server.behave({ kind: 'raw', status: 429, body: '{}', headers: { 'retry-after': '600' } });
    t.clock.advance(1_000);
    await t.app.jobs.drain();
    expect(calls() - start).toBe(3);
    await passTime(9 * MINUTE, MINUTE);
    expect(calls() - start).toBe(3);

    server.answerWith(good);
    t.clock.advance(MINUTE);
    await t.app.jobs.drain();
    expect(calls() - start).toBe(6);
    for (const id of ids) expect((await draftRow(t, id)).state).toBe('drafted');
    expect(await draftJobs(ids)).toEqual(ids.map(() => ({ state: 'done', attempts: 1 })));
  });

  it('a call that times out pauses drafting like a refused one', async () => {
    server.behave({ kind: 'hang' });
    const [id] = await submit(1);
    await t.app.jobs.drain();
    expect(await draftRow(t, id!)).toMatchObject({
      state: 'queued',
      last_error: expect.stringMatching(/^Paused: The model did not answer within 1000 ms/),
    });
    server.dropHanging();
    server.answerWith(good);
    await passTime(MINUTE, 30_000);
    expect((await draftRow(t, id!)).state).toBe('drafted');
  });
});

describe('only answers that are wrong fail a draft', () => {
  it('a refusal (4xx) fails its draft at once and pauses nothing: the next draft is called straight away', async () => {
    server.behave({ kind: 'raw', status: 400, body: '{}' });
    const [refused] = await submit(1);
    await t.app.jobs.drain();
    expect(await draftRow(t, refused!)).toMatchObject({
      state: 'failed',
      last_error: expect.stringMatching(/answered 400/),
    });
    server.answerWith(good);
    const [next] = await submit(1);
    await t.app.jobs.drain();
    expect((await draftRow(t, next!)).state).toBe('drafted');
  });

  it('an answer that does not fit the schema is retried on its attempts and then fails, however reachable the server', async () => {
    server.answerWith({ ...good, price_cents: 'twelve' });
    const [id] = await submit(1);
    await passTime(60 * MINUTE, 5 * MINUTE);
    expect(await draftRow(t, id!)).toMatchObject({
      state: 'failed',
      attempts: 5,
      last_error: expect.stringMatching(/did not fit the schema/),
    });
  });
});
