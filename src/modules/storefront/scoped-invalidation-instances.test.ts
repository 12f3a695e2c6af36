import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { eventually } from '../../../test/support/eventually.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import {
  type IndependentInstance,
  independentInstance,
} from '../../../test/support/independent-instance.js';
import { QueryCounter } from '../../../test/support/query-counter.js';
import { onPostgres } from '../../../test/support/test-database.js';
import type { App } from '../../context.js';

// Issue 19 item 2 across instances that share only the database: what one
// instance writes reaches the other's cached answers by the scoped announcement
// (migration 0024), and only the answers that could show the change are dropped.
// Never serve a pending item once the write that made it pending has been heard.

let probes = 0;

/**
 * Resolves once `app` has heard every catalogue commit so far: an answer it
 * computes now (a key never asked before) carries the latest version in its ETag.
 */
async function heardEverything(t: TestApp, app: App): Promise<void> {
  const { rows } = await sql<{
    v: string;
  }>`SELECT max(version) AS v FROM catalogue_changes`.execute(t.db);
  const latest = Number(rows[0]!.v);
  await eventually(async () => {
    const etag = (await get(app, `/api/items?q=probe${++probes}x`)).headers.etag as string;
    return Number(etag.split('-')[1]) >= latest;
  });
}

const get = (app: App, url: string, etag?: string) =>
  app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
const idsOf = (answer: Awaited<ReturnType<typeof get>>) =>
  answer.json().items.map((i: { id: number }) => i.id) as number[];

describe.runIf(onPostgres)('scoped invalidation across two instances (PostgreSQL)', () => {
  let t: TestApp;
  let b: IndependentInstance;
  const bQueries = new QueryCounter();
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV });
    b = await independentInstance(t, 'scoped-b', {}, [bQueries]);
    await eventually(async () => b.database.notifications.live);
  });
  afterAll(async () => {
    await b?.close();
    await t.close();
  });

  it('an item unpublished on one instance leaves no cached answer of the other showing it', async () => {
    const admin = await adminClient(t.app);
    const tag = await makeTag(t.db);
    const category = await makeCategory(t.db);
    const item = await makeItem(t.db, {
      title: 'Unpublishedword lamp',
      priceCents: 77_700,
      categoryId: category.id,
      tagIds: [tag.id],
    });
    await heardEverything(t, b.app);
    const lists = [
      '/api/items',
      '/api/items?q=unpublishedword',
      '/api/items?sort=price_desc&min_price=77000',
      `/api/items?category=${category.id}`,
      `/api/items?tags=${tag.slug}`,
      '/api/items?status=available',
    ];
    const etags = new Map<string, string>();
    for (const url of lists) {
      const answer = await get(b.app, url);
      expect(idsOf(answer), url).toContain(item.id);
      etags.set(url, answer.headers.etag as string);
    }
    const page = await get(b.app, `/api/items/${item.id}`);
    expect(page.statusCode).toBe(200);
    const filters = await get(b.app, '/api/filters');
    const countOf = (answer: Awaited<ReturnType<typeof get>>) =>
      answer.json().tags.find((c: { id: number }) => c.id === tag.id).count as number;
    expect(countOf(filters)).toBe(1);
    // B answers all of these from memory now.
    expect(
      (await get(b.app, `/api/items/${item.id}`, page.headers.etag as string)).statusCode,
    ).toBe(304);

    expect((await admin('POST', `/api/admin/items/${item.id}/unpublish`)).statusCode).toBe(200);

    await eventually(async () => (await get(b.app, `/api/items/${item.id}`)).statusCode === 404);
    for (const url of lists) {
      const answer = await get(b.app, url, etags.get(url));
      expect(answer.statusCode, url).toBe(200);
      expect(idsOf(answer), url).not.toContain(item.id);
    }
    const after = await get(b.app, '/api/filters', filters.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(countOf(after)).toBe(0);
  });

  it('a cart add on one instance leaves the other instance cached lists that do not show the item', async () => {
    const customer = await makeCustomer(t);
    const unrelated = await makeItem(t.db, { title: 'Untouchedword chair' });
    const wanted = await makeItem(t.db, { title: 'Wantedword table' });
    // Else the announcement of a make above, heard late, would rightly drop what B keeps below.
    await heardEverything(t, b.app);
    const kept = await get(b.app, '/api/items?q=untouchedword');
    expect(idsOf(kept)).toEqual([unrelated.id]);
    const front = await get(b.app, '/api/items?limit=1');
    expect(idsOf(front)).toEqual([wanted.id]);
    const filters = await get(b.app, '/api/filters');

    expect((await addToCart(t, customer.cookie, wanted.id)).statusCode).toBe(200);

    // Once B has heard the commit, the list showing the item changes...
    await eventually(
      async () => (await get(b.app, '/api/items?limit=1')).json().items[0].status === 'reserved',
    );
    // ...and the answers that cannot show it are still the same, ETag and all.
    const again = await get(b.app, '/api/items?q=untouchedword', kept.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(kept.headers.etag);
    expect((await get(b.app, '/api/filters', filters.headers.etag as string)).statusCode).toBe(304);
  });

  it('lists from memory on the other instance, and never the item once its unpublishing is heard', async () => {
    const admin = await adminClient(t.app);
    const tag = await makeTag(t.db);
    const item = await makeItem(t.db, {
      title: 'Memoryword vase',
      priceCents: 4_200,
      tagIds: [tag.id],
    });
    await heardEverything(t, b.app);
    // A list never asked before, answered without one statement: from B's index and
    // its kept item JSON (loaded in the background after B's first list).
    let n = 0;
    const fresh = () => `/api/items?tags=${tag.slug}&min_price=${4_000 - ++n}`;
    await eventually(async () => {
      let shown: number[] = [];
      const sent = await bQueries.during(async () => {
        shown = idsOf(await get(b.app, fresh()));
      });
      return sent === 0 && shown.includes(item.id);
    });

    expect((await admin('POST', `/api/admin/items/${item.id}/unpublish`)).statusCode).toBe(200);
    await eventually(async () => (await get(b.app, `/api/items/${item.id}`)).statusCode === 404);
    // Every fresh list from here on leaves it out; once B's index has read the
    // change again, such lists are from memory once more.
    await eventually(async () => {
      let shown: number[] = [];
      const sent = await bQueries.during(async () => {
        shown = idsOf(await get(b.app, fresh()));
      });
      expect(shown).not.toContain(item.id);
      return sent === 0;
    });
  });

  it('a condition edited on one instance reaches the other’s condition lists and item page (issue 34)', async () => {
    const admin = await adminClient(t.app);
    const item = await makeItem(t.db, { title: 'Conditionword chair' });
    await heardEverything(t, b.app);
    const fair = '/api/items?q=conditionword&condition=fair';
    const good = '/api/items?q=conditionword&condition=good';
    const before = { fair: await get(b.app, fair), good: await get(b.app, good) };
    expect(idsOf(before.fair)).toEqual([]);
    expect(idsOf(before.good)).toEqual([]);
    const page = await get(b.app, `/api/items/${item.id}`);
    expect(page.json().condition).toBeNull();

    const edited = await admin('PATCH', `/api/admin/items/${item.id}`, { condition: 'fair' });
    expect(edited.statusCode).toBe(200);
    // B holds the condition lists as cached answers: only the `condition` dimension
    // (the item was in neither) can tell it they changed.
    await eventually(async () => {
      const answer = await get(b.app, fair, before.fair.headers.etag as string);
      return answer.statusCode === 200 && idsOf(answer).includes(item.id);
    });
    const good304 = await get(b.app, good, before.good.headers.etag as string);
    expect(good304.statusCode === 304 || idsOf(good304).length === 0).toBe(true);
    await eventually(
      async () => (await get(b.app, `/api/items/${item.id}`)).json().condition === 'fair',
    );
  });
});
