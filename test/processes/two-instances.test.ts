import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { cryptoRandomBytes } from '../../src/auth/tokens.js';
import { customerSessions } from '../../src/modules/accounts/customer-sessions.js';
import { DRAFT_JOB } from '../../src/modules/drafting/draft-jobs.js';
import { ADMIN, ADMIN_ENV } from '../support/admin.js';
import { eventually as eventuallyHolds } from '../support/eventually.js';
import { makeItem } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { jpeg, multipart } from '../support/images.js';
import { makeUploadLink } from '../support/intake.js';
import { currentDatabaseUrl } from '../support/row-lock-barrier.js';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Two real server processes (`src/server.ts`, as `npm start` runs it) on one
// PostgreSQL database, one Redis and one S3-protocol store, sharing nothing
// else: no memory, no disk. Everything one sees of the other comes through those.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
const root = path.resolve(import.meta.dirname, '../..');
const onServices = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

interface Instance {
  base: string;
  child: ChildProcess;
  stderr: string[];
  dataDir: string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const { DATABASE_URL, REDIS_URL, SMTP_URL, DATABASE_LISTEN_URL, ...rest } = process.env;
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...rest, ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${stderr.join('')}`);
    const ready = await fetch(`${base}/readyz`).catch(() => null);
    if (ready?.status === 200) return { base, child, stderr, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`instance did not become ready: ${stderr.join('')}`);
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await exited;
  }
  await fs.rm(instance.dataDir, { recursive: true, force: true });
}

/** Polls until `check` holds: the other process hears of a commit a moment later. */
const eventually = (check: () => Promise<boolean>, withinMs = 10_000) =>
  eventuallyHolds(check, withinMs, 50);

// Callers the servers tell apart (TRUST_PROXY=true); random, so limits in a shared Redis are fresh.
const run = randomInt(1, 250);
let callers = 0;
const newCaller = () => `198.18.${run}.${++callers}`;

describe.runIf(onServices)('two server processes on one PostgreSQL, Redis and S3 store', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: await currentDatabaseUrl(database.handle.db),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      TRUST_PROXY: 'true',
      ...ADMIN_ENV,
      ...s3.env,
    };
    // Started together: both migrate the empty database at once, under the migration lock.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  });
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await s3?.close();
    await database?.drop();
  });

  async function adminCookie(on: Instance): Promise<string> {
    const res = await fetch(`${on.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newCaller() },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('shop_admin='));
    return cookie!.split(';')[0]!;
  }

  async function submitPhoto(on: Instance, token: string, note: string): Promise<Response> {
    const form = multipart({ note, remove_background: 'false' }, [
      {
        filename: 'chair.jpg',
        contentType: 'image/jpeg',
        bytes: await jpeg({ width: 800, height: 600 }),
      },
    ]);
    return fetch(`${on.base}/api/upload-links/${token}/submissions`, {
      method: 'POST',
      headers: { ...form.headers, 'x-forwarded-for': newCaller() },
      body: form.payload,
    });
  }

  it('a photo submitted on A is served by B', async () => {
    const link = await makeUploadLink(db());
    expect((await submitPhoto(a, link.token, 'Served elsewhere')).status).toBe(201);
    const image = await db()
      .selectFrom('item_images')
      .innerJoin('item_drafts', 'item_drafts.item_id', 'item_images.item_id')
      .select(['item_images.path', 'item_images.variants'])
      .where('item_drafts.upload_link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    for (const stored of [image.path, ...image.variants.map((v) => v.path)]) {
      const res = await fetch(`${b.base}/media/${stored}`);
      expect(res.status, stored).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals(await s3.storage().read(stored))).toBe(true);
    }
  });

  it('a limit spent on A counts on B', async () => {
    const caller = newCaller();
    const wrongLogin = (on: Instance) =>
      fetch(`${on.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': caller },
        body: JSON.stringify({ email: ADMIN.email, password: 'not-the-password-at-all' }),
      });
    // Admin sign-in allows 10 tries per 15 minutes per caller (src/http/rate-limits.ts).
    for (let i = 0; i < 10; i++) expect((await wrongLogin(a)).status).toBe(401);
    const res = await wrongLogin(b);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'too_many_requests',
    );
  });

  it('a write on A is seen by B', async () => {
    const item = await makeItem(db(), { title: 'Seen on both' });
    expect((await fetch(`${b.base}/api/items/${item.id}`)).status).toBe(200);
    const cookie = await adminCookie(a);
    const unpublish = await fetch(`${a.base}/api/admin/items/${item.id}/unpublish`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(unpublish.status).toBe(200);
    await eventually(async () => (await fetch(`${b.base}/api/items/${item.id}`)).status === 404);
  });

  it('a disable on A ends the session on B', async () => {
    const now = new Date();
    const customer = await db()
      .insertInto('customers')
      .values({
        email: `two-processes-${run}@example.com`,
        password_hash: await hashPassword('plum-orchard-lantern-42'),
        first_name: 'Ann',
        last_name: 'Lee',
        email_verified: true,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await customerSessions(db(), cryptoRandomBytes).create(customer.id, now);
    const me = () =>
      fetch(`${b.base}/api/customers/me`, { headers: { cookie: `shop_session=${token}` } });
    // Twice, so B holds the session in its memory.
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    const cookie = await adminCookie(a);
    const disable = await fetch(`${a.base}/api/admin/customers/${customer.id}/disable`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(disable.status).toBe(200);
    await eventually(async () => (await me()).status === 401);
  });

  it('each draft runs once, and each recurring job runs on one instance at a time', async () => {
    const link = await makeUploadLink(db());
    expect((await submitPhoto(a, link.token, 'Drafted once (A)')).status).toBe(201);
    expect((await submitPhoto(b, link.token, 'Drafted once (B)')).status).toBe(201);
    const drafts = () =>
      db().selectFrom('item_drafts').selectAll().where('upload_link_id', '=', link.id).execute();
    await eventually(async () => (await drafts()).every((d) => d.state === 'drafted'), 60_000);
    for (const draft of await drafts()) {
      expect(draft.attempts).toBe(1);
      const jobs = await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', DRAFT_JOB)
        .where('key', '=', `draft:${draft.id}`)
        .execute();
      expect(jobs.map((job) => [job.state, job.attempts])).toEqual([['done', 1]]);
    }

    // The hold sweeper recurs every 30 s: wait for two runs, from either instance.
    const kind = 'cart.release-expired-holds';
    const runs = () =>
      db().selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
    await eventually(
      async () => (await runs()).filter((j) => j.state === 'done').length >= 2,
      90_000,
    );
    const all = await runs();
    expect(
      all.filter((j) => j.state === 'queued' || j.state === 'running').length,
    ).toBeLessThanOrEqual(1);
    const done = all.filter((j) => j.state === 'done');
    for (const job of done) expect(job.attempts).toBe(1);
    // One after another: a run starts only after the one before it finished.
    for (let i = 1; i < done.length; i++)
      expect(done[i]!.claimed_at!.getTime()).toBeGreaterThanOrEqual(
        done[i - 1]!.finished_at!.getTime(),
      );
  });
});
