// Storefront reads while a writer changes the catalogue at a fixed rate: reads/s
// alone and while writing (closed loop, 32 connections), and the latency of the
// writes. Two writers: a customer adding and releasing cart items (an add, then
// its release), and the owner editing prices of items across the catalogue. Each
// write is scheduled on a fixed clock, so a slow write delays none of the later ones.
import { sql } from 'kysely';
import { cryptoRandomBytes } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/database.js';
import { customerSessions } from '../src/modules/accounts/customer-sessions.js';
import { adminSessions } from '../src/modules/admin/admin-auth.service.js';
import type { Case } from './corpus.js';
import { load } from './load.js';

type Fixtures = Awaited<ReturnType<typeof writerFixtures>>;

export type WriterKind = 'cart' | 'price';

export interface MixedRun {
  writer: WriterKind;
  rate: number;
  readsWhileWriting: number;
  writesPerSecond: number;
  writeP50: number;
  writeP99: number;
  /** Writes answered with anything but 200 / 204, or not answered. */
  writeFailures: number;
}

export interface MixedResult {
  seconds: number;
  /** What the reads were: their URLs' description. */
  reads: string;
  readsAlone: number;
  runs: MixedRun[];
}

const quiet = { error: () => {}, warn: () => {} };
// Cart adds are limited per customer (30 per 10 minutes): spread them.
const CUSTOMERS = 40;

/** Customers with live sessions and available items for the writer. */
export async function writerFixtures(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, pgliteDir: null, log: quiet });
  try {
    const now = new Date();
    const tag = cryptoRandomBytes(4).toString('hex');
    const cookies: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await database.db
        .insertInto('customers')
        .values({
          email: `bench-writer-${tag}-${i}@example.com`,
          password_hash: 'not-a-hash',
          first_name: 'Bench',
          last_name: 'Writer',
          email_verified: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await customerSessions(database.db, cryptoRandomBytes).create(
        customer.id,
        now,
      );
      cookies.push(token);
    }
    const items = await database.db
      .selectFrom('items')
      .select('id')
      .where('status', '=', 'available')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const admin = await database.db
      .insertInto('admins')
      .values({ email: `bench-owner-${tag}@example.com`, password_hash: 'not-a-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token: adminCookie } = await adminSessions({
      db: database.db,
      random: cryptoRandomBytes,
    }).create(admin.id, now);
    // The owner edits items anywhere in the catalogue, not only the newest.
    const priced = await database.db
      .selectFrom('items')
      .select(['id', 'price_cents'])
      .where('status', '<>', 'pending')
      .orderBy(sql`(id::bigint * 7919) % 10007`)
      .limit(200)
      .execute();
    return { cookies, itemIds: items.map((i) => i.id), adminCookie, priced };
  } finally {
    await database.close();
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;

/** One write: its latency, and whether it was answered 200 / 204. */
async function send(
  base: string,
  method: 'POST' | 'DELETE' | 'PATCH',
  path: string,
  cookie: string,
  body?: object,
): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  let ok = false;
  try {
    const res = await fetch(base + path, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await res.arrayBuffer();
    ok = res.status === 200 || res.status === 204;
  } catch {}
  return { ms: performance.now() - started, ok };
}

/**
 * The k-th write of a writer. A cart writer's even writes add an item and its odd
 * ones release it; a price writer moves an item's price one cent up, then back.
 */
function nthWrite(kind: WriterKind, f: Fixtures, k: number) {
  if (kind === 'cart') {
    const pair = Math.floor(k / 2);
    const cookie = `shop_session=${f.cookies[pair % f.cookies.length]!}`;
    const itemId = f.itemIds[pair % f.itemIds.length]!;
    return k % 2 === 0
      ? { method: 'POST' as const, path: '/api/cart/items', cookie, body: { item_id: itemId } }
      : { method: 'DELETE' as const, path: `/api/cart/items/${itemId}`, cookie };
  }
  const pair = Math.floor(k / 2);
  const item = f.priced[pair % f.priced.length]!;
  return {
    method: 'PATCH' as const,
    path: `/api/admin/items/${item.id}`,
    cookie: `shop_admin=${f.adminCookie}`,
    body: { price_cents: item.price_cents + (k % 2 === 0 ? 1 : 0) },
  };
}

/** Writes at `rate` per second for `seconds`, in pairs that run in order; each write's latency. */
async function writer(
  base: string,
  kind: WriterKind,
  fixtures: Fixtures,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; failures: number; elapsed: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const interval = 1000 / rate;
  const pairs = Math.floor((rate * seconds) / 2);
  const began = performance.now();
  const sleepUntil = (at: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, began + at - performance.now())));
  const tasks: Promise<void>[] = [];
  for (let p = 0; p < pairs; p++) {
    tasks.push(
      (async () => {
        // The second write of a pair follows the first: a release needs its add.
        for (const k of [2 * p, 2 * p + 1]) {
          await sleepUntil(k * interval);
          const w = nthWrite(kind, fixtures, k);
          const { ms, ok } = await send(base, w.method, w.path, w.cookie, w.body);
          latencies.push(ms);
          if (!ok) failures++;
        }
      })(),
    );
  }
  await Promise.all(tasks);
  return { latencies, failures, elapsed: (performance.now() - began) / 1000 };
}

/** Reads alone, then while each writer writes at its rate; one server, one after another. */
export async function measureMixed(
  base: string,
  databaseUrl: string,
  reads: Case,
  seconds: number,
  writers: Array<{ writer: WriterKind; rate: number }>,
  settle: () => Promise<void>,
): Promise<MixedResult> {
  const fixtures = await writerFixtures(databaseUrl);
  const alone = await load(base, reads, seconds);
  await settle();
  const runs: MixedRun[] = [];
  for (const { writer: kind, rate } of writers) {
    const [writing, written] = await Promise.all([
      load(base, reads, seconds),
      writer(base, kind, fixtures, rate, seconds),
    ]);
    await settle();
    const sorted = [...written.latencies].sort((a, b) => a - b);
    runs.push({
      writer: kind,
      rate,
      readsWhileWriting: writing.rps,
      writesPerSecond: written.latencies.length / written.elapsed,
      writeP50: percentile(sorted, 0.5),
      writeP99: percentile(sorted, 0.99),
      writeFailures: written.failures,
    });
  }
  return { seconds, reads: reads.name, readsAlone: alone.rps, runs };
}
