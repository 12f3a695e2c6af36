import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { addToCart, removeFromCart } from '../../../test/support/commerce.js';
import { makeCustomer } from '../../../test/support/customer-factories.js';
import { makeItem, makeTag } from '../../../test/support/factories.js';
import { holdLocks, waitForLockWaiters } from '../../../test/support/lock-holder.js';
import { currentDatabaseUrl, raceOnRow } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// /api/filters reads tag counts kept at write time (migration 0023) instead of
// recounting: after every kind of write they must equal a recount (spec 4.2 filters 1-2).

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

/** Count per tag slug as GET /api/filters shows it. */
async function shownCounts(): Promise<Record<string, number>> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/filters' });
  expect(answer.statusCode).toBe(200);
  const tags = answer.json().tags as Array<{ slug: string; count: number }>;
  return Object.fromEntries(tags.map((tag) => [tag.slug, tag.count]));
}

/** The same counts recounted from the links: what the kept counts must always equal. */
async function recounted(): Promise<Record<string, number>> {
  const { rows } = await sql<{ slug: string; n: number }>`
    SELECT t.slug, count(i.id)::int AS n FROM tags t
    LEFT JOIN item_tags it ON it.tag_id = t.id
    LEFT JOIN items i ON i.id = it.item_id AND i.status <> 'pending'
    GROUP BY t.slug`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.slug, row.n]));
}

async function expectCounts(expected: Record<string, number>) {
  const shown = await shownCounts();
  expect(shown).toEqual(await recounted());
  expect(shown).toMatchObject(expected);
}

const ok = async (answer: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await answer;
  expect(done.statusCode, done.body).toBe(status);
};

describe('tag counts kept at write time', () => {
  it('follow create, publish, tag edits, cart holds, sale, unpublish and delete', async () => {
    const [oak, linen, brass] = await Promise.all(
      ['kept-oak', 'kept-linen', 'kept-brass'].map((slug) => makeTag(t.db, { slug })),
    );
    const created = await admin('POST', '/api/admin/items', {
      title: 'Oak and linen chair',
      tag_ids: [oak!.id, linen!.id],
    });
    expect(created.statusCode).toBe(201);
    const chair = created.json().id as number;
    // New items are pending: listed tags, counted zero.
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 0, 'kept-brass': 0 });

    await ok(admin('POST', `/api/admin/items/${chair}/publish`));
    await expectCounts({ 'kept-oak': 1, 'kept-linen': 1, 'kept-brass': 0 });

    await ok(admin('PATCH', `/api/admin/items/${chair}`, { tag_ids: [linen!.id, brass!.id] }));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });

    // A hold, its release and a price edit change nothing a count depends on.
    const customer = await makeCustomer(t);
    await ok(addToCart(t, customer.cookie, chair));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });
    await ok(removeFromCart(t, customer.cookie, chair), 204);
    await ok(admin('PATCH', `/api/admin/items/${chair}`, { price_cents: 12_300 }));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });

    const lamp = await makeItem(t.db, { status: 'available', tagIds: [oak!.id, brass!.id] });
    await expectCounts({ 'kept-oak': 1, 'kept-linen': 1, 'kept-brass': 2 });

    // Sold items still count (spec 4.2: non-pending); unpublished ones do not.
    await ok(admin('POST', `/api/admin/items/${chair}/mark-sold`));
    await ok(admin('POST', `/api/admin/items/${lamp.id}/unpublish`));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });
    // Tag edits on a pending item move no count.
    await ok(admin('PATCH', `/api/admin/items/${lamp.id}`, { tag_ids: [linen!.id] }));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });

    await ok(admin('POST', `/api/admin/items/${lamp.id}/publish`));
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 2, 'kept-brass': 1 });
    await ok(admin('DELETE', `/api/admin/items/${lamp.id}`), 204);
    await expectCounts({ 'kept-oak': 0, 'kept-linen': 1, 'kept-brass': 1 });
  });

  it('a deleted tag leaves the list and the other counts stay right', async () => {
    const [gone, stays] = await Promise.all(
      ['deleted-tag', 'surviving-tag'].map((slug) => makeTag(t.db, { slug })),
    );
    await makeItem(t.db, { tagIds: [gone!.id, stays!.id] });
    await makeItem(t.db, { tagIds: [gone!.id], status: 'sold' });
    await expectCounts({ 'deleted-tag': 2, 'surviving-tag': 1 });
    await ok(admin('DELETE', `/api/admin/tags/${gone!.id}`), 204);
    const shown = await shownCounts();
    expect(shown).not.toHaveProperty('deleted-tag');
    await expectCounts({ 'surviving-tag': 1 });
    // Re-creating the slug starts from zero, not from the deleted tag's count.
    await makeTag(t.db, { slug: 'deleted-tag' });
    await expectCounts({ 'deleted-tag': 0 });
  });
});

describe.runIf(onPostgres)('tag counts under concurrent writers (PostgreSQL)', () => {
  it('writers queued on one tag all land: the count ends right', async () => {
    const tag = await makeTag(t.db, { slug: 'contended' });
    const first = await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    const second = await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    const dropped = await makeItem(t.db, { status: 'available', tagIds: [tag.id] });
    await expectCounts({ contended: 1 });
    // Hold the tag's count row: all three writes must queue on it, then run one by one.
    const answers = await raceOnRow(
      await currentDatabaseUrl(t.db),
      { text: 'SELECT 1 FROM tag_counts WHERE tag_id = $1 FOR UPDATE', values: [tag.id] },
      '%',
      3,
      () => [
        admin('POST', `/api/admin/items/${first.id}/publish`),
        admin('POST', `/api/admin/items/${second.id}/publish`),
        admin('PATCH', `/api/admin/items/${dropped.id}`, { tag_ids: [] }),
      ],
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await expectCounts({ contended: 2 });
  });

  it('two tag edits that cross (A→C on one item, C→A on another) both land, counts right', async () => {
    const [a, c] = await Promise.all(
      ['crossed-a', 'crossed-c'].map((slug) => makeTag(t.db, { slug })),
    );
    const one = await makeItem(t.db, { tagIds: [a!.id] });
    const other = await makeItem(t.db, { tagIds: [c!.id] });
    // Holding both tags' rows stops the first edit at inserting its new link; the
    // other queues on the counts the first took, old and new together, in tag order.
    const answers = await raceOnRow(
      await currentDatabaseUrl(t.db),
      { text: 'SELECT 1 FROM tags WHERE id = ANY($1) FOR UPDATE', values: [[a!.id, c!.id]] },
      '%',
      2,
      () => [
        admin('PATCH', `/api/admin/items/${one.id}`, { tag_ids: [c!.id] }),
        admin('PATCH', `/api/admin/items/${other.id}`, { tag_ids: [a!.id] }),
      ],
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await expectCounts({ 'crossed-a': 1, 'crossed-c': 1 });
    const tagsOf = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/items/${id}` }))
        .json()
        .tags.map((tag: { slug: string }) => tag.slug);
    expect(await tagsOf(one.id)).toEqual(['crossed-c']);
    expect(await tagsOf(other.id)).toEqual(['crossed-a']);
  });

  it('a publish that crosses a tag edit (its counts taken in tag order) both land, no 500', async () => {
    const [one, two] = await Promise.all(
      ['crossing-1', 'crossing-2'].map((slug) => makeTag(t.db, { slug })),
    );
    const [low, high] = one!.id < two!.id ? [one!, two!] : [two!, one!];
    const published = await makeItem(t.db, { status: 'pending', tagIds: [low.id, high.id] });
    const edited = await makeItem(t.db, { status: 'available', tagIds: [high.id] });
    const url = await currentDatabaseUrl(t.db);
    // The edit (high → low) stops at inserting its new link while the tags are held;
    // then the publish comes, wanting both counts in tag order. Taking the old tag's
    // count first and the new one later, the edit would wait on the publish for the
    // low count while the publish waits on it for the high one: a deadlock, and the
    // publish (a statement of its own) answered 500.
    const tags = await holdLocks(url, [
      { text: 'SELECT 1 FROM tags WHERE id = ANY($1) FOR UPDATE', values: [[low.id, high.id]] },
    ]);
    let edit: Promise<{ statusCode: number; body: string }>;
    let publish: Promise<{ statusCode: number; body: string }>;
    try {
      edit = admin('PATCH', `/api/admin/items/${edited.id}`, { tag_ids: [low.id] });
      await waitForLockWaiters(url, 'insert into "item_tags"%', 1);
      publish = admin('POST', `/api/admin/items/${published.id}/publish`);
      await waitForLockWaiters(url, '%', 2);
    } finally {
      await tags.release();
    }
    const answers = await Promise.all([edit, publish]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await expectCounts({ [low.slug]: 2, [high.slug]: 1 });
  });

  it('two tags deleted at once from one item: the item keeps neither in its tag ids', async () => {
    const [gone1, gone2, kept] = await Promise.all(
      ['deleted-a', 'deleted-b', 'deleted-kept'].map((slug) => makeTag(t.db, { slug })),
    );
    const item = await makeItem(t.db, { tagIds: [gone1!.id, gone2!.id, kept!.id] });
    const url = await currentDatabaseUrl(t.db);
    // Both deletes reach the item's tag ids while it is held: each must read the
    // links after the other committed, not keep the other's tag from before.
    const answers = await raceOnRow(
      url,
      { text: 'SELECT 1 FROM items WHERE id = $1 FOR UPDATE', values: [item.id] },
      '%',
      2,
      () => [
        admin('DELETE', `/api/admin/tags/${gone1!.id}`),
        admin('DELETE', `/api/admin/tags/${gone2!.id}`),
      ],
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    const row = await t.db
      .selectFrom('items')
      .select('tag_ids')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.tag_ids).toEqual([kept!.id]);
    await expectCounts({ 'deleted-kept': 1 });
  });
});
