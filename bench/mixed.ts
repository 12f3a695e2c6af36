// Storefront reads while a writer adds and releases cart items at a fixed rate:
// reads/s alone and while writing (closed loop, 32 connections), and the
// latency of the writes. Each write is scheduled on a fixed clock (an add, then
// its release), so a slow write delays none of the later ones.
import { cryptoRandomBytes } from '../src/auth/tokens.js';
import { openDatabase } from '../src/db/database.js';
import { customerSessions } from '../src/modules/accounts/customer-sessions.js';
import type { Case } from './corpus.js';
import { load } from './load.js';

export interface MixedResult {
  rate: number;
  seconds: number;
  readsAlone: number;
  readsWhileWriting: number;
  writesPerSecond: number;
  writeP50: number;
  writeP99: number;
  /** Writes answered with anything but 200 / 204, or not answered. */
  writeFailures: number;
}

const quiet = { error: () => {}, warn: () => {} };
// Cart adds are limited per customer (30 per 10 minutes): spread them.
const CUSTOMERS = 40;

/** Customers with live sessions and available items for the writer. */
async function writerFixtures(databaseUrl: string) {
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
    return { cookies, itemIds: items.map((i) => i.id) };
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;

/** Adds and releases at `rate` writes/s for `seconds`; resolves with each write's latency. */
async function writer(
  base: string,
  fixtures: { cookies: string[]; itemIds: number[] },
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; failures: number; elapsed: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const send = async (method: 'POST' | 'DELETE', path: string, cookie: string, body?: object) => {
    const started = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          cookie: `shop_session=${cookie}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 204) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - started);
  };
  const interval = 1000 / rate;
  const pairs = Math.floor((rate * seconds) / 2);
  const began = performance.now();
  const sleepUntil = (at: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, began + at - performance.now())));
  const tasks: Promise<void>[] = [];
  for (let k = 0; k < pairs; k++) {
    const cookie = fixtures.cookies[k % fixtures.cookies.length]!;
    const itemId = fixtures.itemIds[k % fixtures.itemIds.length]!;
    tasks.push(
      (async () => {
        await sleepUntil(2 * k * interval);
        await send('POST', '/api/cart/items', cookie, { item_id: itemId });
        await sleepUntil((2 * k + 1) * interval);
        await send('DELETE', `/api/cart/items/${itemId}`, cookie);
      })(),
    );
  }
  await Promise.all(tasks);
  return { latencies, failures, elapsed: (performance.now() - began) / 1000 };
}

export async function measureMixed(
  base: string,
  databaseUrl: string,
  reads: Case,
  seconds: number,
  rate = 20,
): Promise<MixedResult> {
  const fixtures = await writerFixtures(databaseUrl);
  const alone = await load(base, reads, seconds);
  const [writing, written] = await Promise.all([
    load(base, reads, seconds),
    writer(base, fixtures, rate, seconds),
  ]);
  const sorted = [...written.latencies].sort((a, b) => a - b);
  return {
    rate,
    seconds,
    readsAlone: alone.rps,
    readsWhileWriting: writing.rps,
    writesPerSecond: written.latencies.length / written.elapsed,
    writeP50: percentile(sorted, 0.5),
    writeP99: percentile(sorted, 0.99),
    writeFailures: written.failures,
  };
}
