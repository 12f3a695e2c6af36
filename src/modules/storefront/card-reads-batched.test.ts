import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { QueryCounter } from '../../../test/support/query-counter.js';

// No item JSON kept: every answer reads its item, as most do at 1M items.
describe('items whose cards are not kept, asked at once', () => {
  let t: TestApp;
  const queries = new QueryCounter();
  beforeAll(async () => {
    t = await buildTestApp({ env: { STOREFRONT_ITEM_JSON_MB: '0' }, plugins: [queries] });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('are read in one statement, each answer its own item', async () => {
    const category = await makeCategory(t.db);
    const tag = await makeTag(t.db);
    const items: Array<{ id: number }> = [];
    for (let n = 0; n < 12; n++) {
      items.push(
        await makeItem(t.db, {
          title: `Stool ${n}`,
          priceCents: 1000 + n,
          categoryId: category.id,
          tagIds: n % 2 === 0 ? [tag.id] : [],
        }),
      );
    }
    // The tag names and the catalogue's version are read once, before.
    expect((await get(`/api/items/${items[0]!.id}`)).statusCode).toBe(200);

    let answers: Awaited<ReturnType<typeof get>>[] = [];
    const sent = await queries.during(async () => {
      answers = await Promise.all(items.slice(1).map((item) => get(`/api/items/${item.id}`)));
    });

    expect(sent).toBe(1);
    answers.forEach((answer, i) => {
      const n = i + 1;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id: items[n]!.id,
        title: `Stool ${n}`,
        price_cents: 1000 + n,
        category: { id: category.id },
        tags: n % 2 === 0 ? [{ id: tag.id }] : [],
      });
    });
  });

  it('answer 404 for the pending and the absent among them, the rest as they are', async () => {
    const shown = await makeItem(t.db, { title: 'Bench' });
    const pending = await makeItem(t.db, { title: 'Crate', status: 'pending' });
    const absent = pending.id + 1_000;
    // The shown one asked last and read with the others: its row found by its id, not its place.
    const [two, three, one] = await Promise.all(
      [pending.id, absent, shown.id].map((id) => get(`/api/items/${id}`)),
    );
    expect(one!.statusCode).toBe(200);
    expect(one!.json()).toMatchObject({ id: shown.id, title: 'Bench' });
    for (const missing of [two!, three!]) {
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('list pages asked at once share the statement that reads their items', async () => {
    const category = await makeCategory(t.db);
    for (let n = 0; n < 6; n++) await makeItem(t.db, { categoryId: category.id, priceCents: 500 });
    const pages = ['?limit=2', '?limit=3', '?limit=4'].map(
      (query) => `/api/items${query}&category=${category.id}`,
    );
    let answers: Awaited<ReturnType<typeof get>>[] = [];
    // Once, so the index loads and knows the category (on PostgreSQL it loads and hears
    // the new items in the background: settled, or a page may still search by SQL); then
    // at once with other limits, unseen by the reuse cache.
    await get(`/api/items?category=${category.id}`);
    await t.app.storefrontMemory.settled();
    const sent = await queries.during(async () => {
      answers = await Promise.all(pages.map(get));
    });
    expect(sent).toBe(1);
    expect(answers.map((answer) => answer.json().items.length)).toEqual([2, 3, 4]);
  });
});
