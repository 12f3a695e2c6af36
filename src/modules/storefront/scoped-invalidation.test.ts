import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { QueryCounter } from '../../../test/support/query-counter.js';

// Issue 19 item 2: a change throws away only the answers that could show it
// (migration 0024 announces what each commit changed). Each list below is kept
// apart from the others' items by a word of its own in `q`, or by being the
// newest page after everything else was made.

let t: TestApp;
const queries = new QueryCounter();
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV, plugins: [queries] });
});
afterAll(() => t.close());

const get = (url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

/** Reads `url` and returns a function that says whether it is still answered 304 to that ETag. */
async function cached(url: string) {
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  expect((await get(url, etag)).statusCode).toBe(304);
  return {
    etag,
    ids: (first.json().items ?? []).map((i: { id: number }) => i.id) as number[],
    kept: async () => (await get(url, etag)).statusCode === 304,
  };
}

let words = 0;
/** A word no other item of this file carries, so a `q` list holds only what a test puts in it. */
const word = () => `scopeword${++words}x`;

describe('invalidation no coarser than the change (issue 19)', () => {
  it('a cart add of one item keeps cached lists that do not show it, without a query, and changes those that do', async () => {
    const other = word();
    const shown = word();
    await makeItem(t.db, { title: `Unrelated ${other}` });
    const x = await makeItem(t.db, { title: `Wanted ${shown}` });
    const newest = await makeItem(t.db, { title: 'Newest of all' });
    const customer = await makeCustomer(t);

    const unrelated = await cached(`/api/items?q=${other}`);
    const front = await cached('/api/items?limit=1');
    expect(front.ids).toEqual([newest.id]);
    const showsX = await cached(`/api/items?q=${shown}`);
    expect(showsX.ids).toEqual([x.id]);
    const page = await cached(`/api/items/${x.id}`);
    const available = await cached(`/api/items?status=available&q=${other}`);
    const filters = await cached('/api/filters');

    expect((await addToCart(t, customer.cookie, x.id)).statusCode).toBe(200);

    // The first read after this process's own write reads at most the version (one query;
    // none when the commit told it, 0025), no list.
    let answer!: Awaited<ReturnType<typeof get>>;
    const first = await queries.during(async () => {
      answer = await get(`/api/items?q=${other}`, unrelated.etag);
    });
    expect(answer.statusCode).toBe(304);
    expect(first).toBeLessThanOrEqual(1);
    // The index reads the added item again in the background: not a read's statement.
    await t.app.storefrontMemory.settled();
    const again = await queries.during(async () => {
      expect(await unrelated.kept()).toBe(true);
      expect(await front.kept()).toBe(true);
      expect(await filters.kept()).toBe(true); // counts and bounds ignore available/reserved
    });
    expect(again).toBe(0);

    expect(await showsX.kept()).toBe(false);
    expect((await get(`/api/items?q=${shown}`)).json().items[0].status).toBe('reserved');
    expect(await page.kept()).toBe(false);
    expect((await get(`/api/items/${x.id}`)).json().status).toBe('reserved');
    // A status filter can gain or lose items it does not show yet.
    expect(await available.kept()).toBe(false);
  });

  it('an edit of a pending item (a draft) invalidates nothing', async () => {
    const tag = await makeTag(t.db);
    const draft = await makeItem(t.db, { status: 'pending', title: 'A draft' });
    await makeItem(t.db, { title: 'On the shelf' });
    const answers = [
      await cached('/api/items'),
      await cached('/api/items?sort=price_asc'),
      await cached(`/api/items?tags=${tag.slug}`),
      await cached('/api/filters'),
    ];

    await t.db
      .updateTable('items')
      .set({ title: 'A better draft', price_cents: 4_200, description: 'Now with words' })
      .where('id', '=', draft.id)
      .execute();
    await t.db.insertInto('item_tags').values({ item_id: draft.id, tag_id: tag.id }).execute();

    for (const answer of answers) expect(await answer.kept()).toBe(true);
  });

  it('publishing and unpublishing change every list and the filters', async () => {
    const admin = await adminClient(t.app);
    const tag = await makeTag(t.db);
    const draft = await makeItem(t.db, {
      status: 'pending',
      title: 'Publish me',
      tagIds: [tag.id],
    });
    const unrelated = word();
    await makeItem(t.db, { title: `Elsewhere ${unrelated}` });

    const watched = async () => [
      await cached('/api/items'),
      await cached(`/api/items?q=${unrelated}`),
      await cached('/api/filters'),
    ];
    let answers = await watched();
    expect((await admin('POST', `/api/admin/items/${draft.id}/publish`)).statusCode).toBe(200);
    for (const answer of answers) expect(await answer.kept()).toBe(false);
    expect((await get('/api/items')).json().items.map((i: { id: number }) => i.id)).toContain(
      draft.id,
    );

    answers = await watched();
    expect((await admin('POST', `/api/admin/items/${draft.id}/unpublish`)).statusCode).toBe(200);
    for (const answer of answers) expect(await answer.kept()).toBe(false);
    expect((await get(`/api/items/${draft.id}`)).statusCode).toBe(404);
    const counts = (await get('/api/filters')).json().tags;
    expect(counts.find((c: { id: number }) => c.id === tag.id).count).toBe(0);
  });

  it('a price edit changes price-sorted and price-filtered lists and the filters, not a newest-first list without the item', async () => {
    const edited = await makeItem(t.db, { title: 'Repriced', priceCents: 1_000 });
    await makeItem(t.db, { title: 'Newest, unchanged', priceCents: 5_000 });
    const front = await cached('/api/items?limit=1');
    expect(front.ids).not.toContain(edited.id);
    const byPrice = await cached('/api/items?sort=price_desc&limit=1');
    const bounded = await cached('/api/items?min_price=900000');
    const filters = await cached('/api/filters');
    const page = await cached(`/api/items/${edited.id}`);

    await t.db
      .updateTable('items')
      .set({ price_cents: 999_999 })
      .where('id', '=', edited.id)
      .execute();

    expect(await front.kept()).toBe(true);
    expect(await byPrice.kept()).toBe(false);
    expect(await bounded.kept()).toBe(false);
    expect(await filters.kept()).toBe(false);
    expect(await page.kept()).toBe(false);
    expect((await get('/api/items?min_price=900000')).json().items[0].id).toBe(edited.id);
  });

  it('a tag or category rename changes the filters and the pages of the items showing it only', async () => {
    const tag = await makeTag(t.db);
    const category = await makeCategory(t.db);
    const tagged = await makeItem(t.db, { title: 'Tagged', tagIds: [tag.id] });
    const filed = await makeItem(t.db, { title: 'Filed', categoryId: category.id });
    const plain = await makeItem(t.db, { title: 'No tag, no category' });
    const watched = async () => ({
      front: await cached('/api/items?limit=1'),
      plain: await cached(`/api/items/${plain.id}`),
      tagged: await cached(`/api/items/${tagged.id}`),
      filed: await cached(`/api/items/${filed.id}`),
      filters: await cached('/api/filters'),
    });

    let answers = await watched();
    expect(answers.front.ids).toEqual([plain.id]);
    await t.db.updateTable('tags').set({ name: 'Renamed' }).where('id', '=', tag.id).execute();
    expect(await answers.front.kept()).toBe(true);
    expect(await answers.plain.kept()).toBe(true);
    expect(await answers.filed.kept()).toBe(true);
    expect(await answers.tagged.kept()).toBe(false);
    expect(await answers.filters.kept()).toBe(false);
    expect((await get(`/api/items/${tagged.id}`)).json().tags[0].name).toBe('Renamed');

    answers = await watched();
    await t.db
      .updateTable('categories')
      .set({ name: 'Renamed category' })
      .where('id', '=', category.id)
      .execute();
    expect(await answers.front.kept()).toBe(true);
    expect(await answers.plain.kept()).toBe(true);
    expect(await answers.tagged.kept()).toBe(true);
    expect(await answers.filed.kept()).toBe(false);
    expect(await answers.filters.kept()).toBe(false);
    expect((await get(`/api/items/${filed.id}`)).json().category.name).toBe('Renamed category');
  });

  it('an image change of an item changes its page and the lists that show it only', async () => {
    const shown = word();
    const other = word();
    const pictured = await makeItem(t.db, { title: `Pictured ${shown}`, images: 1 });
    await makeItem(t.db, { title: `Not pictured ${other}` });
    const page = await cached(`/api/items/${pictured.id}`);
    const showsIt = await cached(`/api/items?q=${shown}`);
    const unrelated = await cached(`/api/items?q=${other}`);

    await t.db.deleteFrom('item_images').where('item_id', '=', pictured.id).execute();

    expect(await page.kept()).toBe(false);
    expect(await showsIt.kept()).toBe(false);
    expect(await unrelated.kept()).toBe(true);
    expect((await get(`/api/items/${pictured.id}`)).json().images).toEqual([]);
  });

  it("shows this process's own write on its next request even when the write's announcement is lost", async () => {
    const shown = word();
    const item = await makeItem(t.db, { title: `Before ${shown}` });
    const list = await cached(`/api/items?q=${shown}`);
    const page = await cached(`/api/items/${item.id}`);

    // Triggers off: the row changes and a version is numbered, but nothing is announced.
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('items')
        .set({ price_cents: 4_321 })
        .where('id', '=', item.id)
        .execute();
      await sql`INSERT INTO catalogue_changes (version) VALUES (nextval('catalogue_version_seq'))`.execute(
        trx,
      );
    });

    // Unheard, it counts as having changed everything.
    expect(await list.kept()).toBe(false);
    expect(await page.kept()).toBe(false);
    expect((await get(`/api/items/${item.id}`)).json().price_cents).toBe(4_321);
  });
});
