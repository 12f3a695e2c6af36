import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { eventually } from '../../../test/support/eventually.js';
import { makeItem } from '../../../test/support/factories.js';
import {
  type IndependentInstance,
  independentInstance,
} from '../../../test/support/independent-instance.js';
import { onPostgres } from '../../../test/support/test-database.js';
import type { App } from '../../context.js';
import type { Db } from '../../db/database.js';

// Issue 35 item 4: a migration that rewrites what the storefront shows with the
// row triggers off tells every instance so by bumping the catalogue epoch (0080):
// each one starts its memory over (cached answers, ETags, the index) and answers
// the new values.

const get = (app: App, url: string, etag?: string) =>
  app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

const epoch = async (db: Db) =>
  (await sql<{ epoch: string }>`SELECT catalogue_epoch() AS epoch`.execute(db)).rows[0]!.epoch;

/** A migration's rewrite of prices that no row trigger sees (a backfill with triggers off). */
const rewritePricesUnheard = (db: Db, word: string, bump: boolean) =>
  db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE items DISABLE TRIGGER USER`.execute(trx);
    await sql`UPDATE items SET price_cents = price_cents * 2 WHERE title LIKE ${`%${word}%`}`.execute(
      trx,
    );
    await sql`ALTER TABLE items ENABLE TRIGGER USER`.execute(trx);
    if (bump) await sql`SELECT bump_catalogue_epoch()`.execute(trx);
  });

let words = 0;
/** Two visible items with a word of their own, A (10.00) older than B (20.00), the index loaded. */
async function twoItems(t: TestApp, app: App) {
  const word = `epochword${++words}x`;
  const a = await makeItem(t.db, { title: `Chair ${word}`, priceCents: 1_000 });
  const b = await makeItem(t.db, { title: `Table ${word}`, priceCents: 2_000 });
  // Asked once so the storefront loads its index, then answered from it.
  await get(app, `/api/items?min_price=1500&q=${word}`);
  await app.storefrontMemory.settled();
  const list = await get(app, `/api/items?min_price=1500&q=${word}`);
  expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([b.id]);
  const page = await get(app, `/api/items/${a.id}`);
  expect(page.json().price_cents).toBe(1_000);
  return {
    word,
    a,
    b,
    listEtag: list.headers.etag as string,
    pageEtag: page.headers.etag as string,
  };
}

/** Whether `app` answers the doubled prices, on the list the index serves and on A's page. */
async function answersNewPrices(app: App, shop: Awaited<ReturnType<typeof twoItems>>) {
  const list = await get(app, `/api/items?min_price=1500&q=${shop.word}`);
  const page = await get(app, `/api/items/${shop.a.id}`);
  return (
    JSON.stringify(list.json().items.map((i: { id: number }) => i.id)) ===
      JSON.stringify([shop.b.id, shop.a.id]) && page.json().price_cents === 2_000
  );
}

describe('the catalogue epoch bump (0080)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('without a bump, a rewrite no trigger saw is not heard; with it, the instance answers the new values', async () => {
    const shop = await twoItems(t, t.app);
    await rewritePricesUnheard(t.db, shop.word, false);
    await t.app.storefrontMemory.settled();
    // What the bump is for: nothing told the instance, so it still answers the old rows.
    expect(await answersNewPrices(t.app, shop)).toBe(false);
    expect((await get(t.app, `/api/items/${shop.a.id}`, shop.pageEtag)).statusCode).toBe(304);

    const before = await epoch(t.db);
    await t.db.transaction().execute((trx) => sql`SELECT bump_catalogue_epoch()`.execute(trx));
    expect(await epoch(t.db)).not.toBe(before);
    await eventually(() => answersNewPrices(t.app, shop), 2_000);
    expect((await get(t.app, `/api/items/${shop.a.id}`, shop.pageEtag)).statusCode).toBe(200);
    const list = await get(t.app, `/api/items?min_price=1500&q=${shop.word}`, shop.listEtag);
    expect(list.statusCode).toBe(200);
    // The index is loaded again under the new epoch and answers from memory once more.
    await t.app.storefrontMemory.settled();
    expect(await answersNewPrices(t.app, shop)).toBe(true);
  });

  it('a rewrite and its bump in one transaction, as a migration runs them', async () => {
    const shop = await twoItems(t, t.app);
    await rewritePricesUnheard(t.db, shop.word, true);
    await eventually(() => answersNewPrices(t.app, shop), 2_000);
  });

  it('a rolled-back bump leaves the epoch as it was', async () => {
    const before = await epoch(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`SELECT bump_catalogue_epoch()`.execute(trx);
        throw new Error('the migration failed');
      }),
    ).rejects.toThrow('the migration failed');
    expect(await epoch(t.db)).toBe(before);
  });

  it('before any bump the epoch is the one 0014 computed: upgrading reloads nobody', async () => {
    const fresh = await buildTestApp();
    try {
      const { rows } = await sql<{ same: boolean }>`
        SELECT left(md5(concat_ws(':',
          (SELECT oid FROM pg_database WHERE datname = current_database()),
          'catalogue_version_seq'::regclass::oid,
          extract(epoch FROM pg_postmaster_start_time()))), 12) = catalogue_epoch() AS same`.execute(
        fresh.db,
      );
      expect(rows).toEqual([{ same: true }]);
    } finally {
      await fresh.close();
    }
  });
});

describe.runIf(onPostgres)('the epoch bump reaches another instance (PostgreSQL)', () => {
  let t: TestApp;
  let b: IndependentInstance;
  beforeAll(async () => {
    t = await buildTestApp();
    b = await independentInstance(t, 'epoch-b');
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  it('an instance that shares only the database answers the rewritten values after the bump', async () => {
    const shop = await twoItems(t, b.app);
    await rewritePricesUnheard(t.db, shop.word, true);
    await eventually(() => answersNewPrices(b.app, shop), 2_000);
    await b.app.storefrontMemory.settled();
    expect(await answersNewPrices(b.app, shop)).toBe(true);
  });
});
