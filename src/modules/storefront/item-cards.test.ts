import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { eventually } from '../../../test/support/eventually.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { QueryCounter } from '../../../test/support/query-counter.js';
import { onPostgres } from '../../../test/support/test-database.js';

/** Runs `between` once, right after the storefront's search for a page's ids has answered. */
class AfterPageSearch implements KyselyPlugin {
  between: (() => Promise<void>) | null = null;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const first = args.result.rows[0];
    const isPageSearch =
      first !== undefined && Object.keys(first).sort().join() === 'id,listed_at,price_cents';
    if (isPageSearch && this.between) {
      const run = this.between;
      this.between = null;
      await run();
    }
    return args.result;
  }
}

// Another connection writes between the page's search and the read of its items'
// JSON: only PostgreSQL has a second connection to write on meanwhile. Nothing is
// reused here, so the search is SQL's and no item JSON was made ahead (warming
// the kept JSON would make the hidden item's, rightly, as of before the write).
describe.skipIf(!onPostgres)('a list page built from item JSON read after its search', () => {
  let t: TestApp;
  const race = new AfterPageSearch();
  beforeAll(async () => {
    t = await buildTestApp({ plugins: [race], deps: { storefrontCachedResponses: 0 } });
  });
  afterAll(() => t.close());

  it('leaves out an item that went pending between the search and reading its JSON', async () => {
    const hidden = await makeItem(t.db, { title: 'Unpublished meanwhile' });
    const shown = await makeItem(t.db, { title: 'Still on sale' });
    let searched = false;
    race.between = async () => {
      searched = true;
      await t.db
        .updateTable('items')
        .set({ status: 'pending', published_at: null })
        .where('id', '=', hidden.id)
        .execute();
    };
    const page = await t.app.inject({ method: 'GET', url: '/api/items?limit=50' });
    expect(searched).toBe(true);
    expect(page.statusCode).toBe(200);
    const ids = (JSON.parse(page.body).items as Array<{ id: number }>).map((item) => item.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${hidden.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('what a price edit costs the storefront', () => {
  let t: TestApp;
  const queries = new QueryCounter();
  beforeAll(async () => {
    t = await buildTestApp({ env: ADMIN_ENV, plugins: [queries] });
  });
  afterAll(() => t.close());

  it('keeps the tree and tag counts of /api/filters, and takes the new bounds from the index', async () => {
    const admin = await adminClient(t.app);
    const category = await makeCategory(t.db);
    const tag = await makeTag(t.db);
    const item = await makeItem(t.db, {
      priceCents: 1500,
      categoryId: category.id,
      tagIds: [tag.id],
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const before = await get('/api/filters');
    expect(before.statusCode).toBe(200);
    // Until a list never asked before is answered without a statement: the index has
    // every change (`above`: the lists that show the item at its price `cents`).
    let n = 0;
    const fromMemory = async (cents: number) => {
      let shown: number[] = [];
      const sent = await queries.during(async () => {
        shown = (await get(`/api/items?min_price=${cents - ++n}`))
          .json()
          .items.map((i: { id: number }) => i.id);
      });
      return sent === 0 && shown.includes(item.id);
    };
    await eventually(() => fromMemory(1500));

    expect(
      (await admin('PATCH', `/api/admin/items/${item.id}`, { price_cents: 999_999 })).statusCode,
    ).toBe(200);
    await eventually(() => fromMemory(999_999));
    let after: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const sent = await queries.during(async () => {
      after = await get('/api/filters');
    });
    // The bounds from memory; the tree and the counts as they were: not one statement.
    expect(sent).toBe(0);
    const filters = JSON.parse(after!.body);
    expect(filters.price.max).toBe(999_999);
    expect(filters.categories).toEqual(JSON.parse(before.body).categories);
    expect(filters.tags).toEqual(JSON.parse(before.body).tags);
  });
});
