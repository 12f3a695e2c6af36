import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { catalogueScopes } from '../../../test/support/catalogue-scopes.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { holdLocks, track, waitForLockWaiters } from '../../../test/support/lock-holder.js';
import { currentDatabaseUrl } from '../../../test/support/row-lock-barrier.js';
import { onPostgres } from '../../../test/support/test-database.js';

// Migration 0024: what each catalogue commit announces it changed, as
// `<dimensions>:<item ids>` after `<epoch>:<version>:`.

let t: TestApp;
let scopeOf: ReturnType<typeof catalogueScopes>['scopeOf'];
let stop: () => void;
beforeAll(async () => {
  t = await buildTestApp();
  ({ scopeOf, stop } = catalogueScopes(t));
});
afterAll(async () => {
  stop();
  await t.close();
});

const update = (id: number, set: Record<string, unknown>) =>
  t.db.updateTable('items').set(set).where('id', '=', id).execute();

describe('what a catalogue commit announces (0024)', () => {
  it('a pending row changes nothing the storefront shows; its links name only its id', async () => {
    const tag = await makeTag(t.db);
    let id = 0;
    expect(
      await scopeOf(async () => {
        id = (await makeItem(t.db, { status: 'pending' })).id;
      }),
    ).toEqual([':']);
    expect(await scopeOf(() => update(id, { title: 'Draft', price_cents: 5 }))).toEqual([':']);
    expect(
      await scopeOf(() =>
        t.db.insertInto('item_tags').values({ item_id: id, tag_id: tag.id }).execute(),
      ),
    ).toEqual([`:${id}`]);
  });

  it('a visible row names the dimensions that changed and its id', async () => {
    const category = await makeCategory(t.db);
    let id = 0;
    expect(
      await scopeOf(async () => {
        id = (await makeItem(t.db)).id;
      }),
    ).toEqual([`visibility:${id}`]);
    expect(await scopeOf(() => update(id, { status: 'sold' }))).toEqual([`status:${id}`]);
    expect(await scopeOf(() => update(id, { price_cents: 123 }))).toEqual([`price:${id}`]);
    expect(await scopeOf(() => update(id, { description: 'Oak' }))).toEqual([`text:${id}`]);
    expect(await scopeOf(() => update(id, { category_id: category.id }))).toEqual([
      `category:${id}`,
    ]);
    expect(await scopeOf(() => update(id, { updated_at: new Date() }))).toEqual([`:${id}`]);
    expect(
      await scopeOf(() =>
        t.db.transaction().execute(async (trx) => {
          await trx.updateTable('items').set({ price_cents: 7 }).where('id', '=', id).execute();
          await trx.updateTable('items').set({ status: 'pending' }).where('id', '=', id).execute();
        }),
      ),
    ).toEqual([`price,visibility:${id}`]);
  });

  it('tag links name the tags dimension through items.tag_ids; a new tag names tags', async () => {
    const id = (await makeItem(t.db)).id;
    let tagId = 0;
    expect(
      await scopeOf(async () => {
        tagId = (await makeTag(t.db)).id;
      }),
    ).toEqual(['tags:']);
    expect(
      await scopeOf(() =>
        t.db.insertInto('item_tags').values({ item_id: id, tag_id: tagId }).execute(),
      ),
    ).toEqual([`tags:${id}`]);
  });

  it('too many ids or a hand-made change announce everything', async () => {
    expect(
      await scopeOf(() =>
        sql`INSERT INTO items (title, status, published_at)
            SELECT 'Bulk ' || g, 'available', now() FROM generate_series(1, 501) g`.execute(t.db),
      ),
    ).toEqual(['*:']);
    expect(
      await scopeOf(() =>
        sql`INSERT INTO catalogue_changes (version) VALUES (nextval('catalogue_version_seq'))`.execute(
          t.db,
        ),
      ),
    ).toEqual(['*:']);
  });
});

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b).join(',');

describe('what a tag or category edit announces (0099)', () => {
  it('a renamed tag names tags and the visible items carrying it', async () => {
    const tag = await makeTag(t.db);
    const a = await makeItem(t.db, { tagIds: [tag.id] });
    const b = await makeItem(t.db, { tagIds: [tag.id] });
    await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    await makeItem(t.db);
    expect(
      await scopeOf(() =>
        t.db.updateTable('tags').set({ name: 'New' }).where('id', '=', tag.id).execute(),
      ),
    ).toEqual([`tags:${sorted(a.id, b.id)}`]);
  });

  it('a deleted tag names tags and the items it is taken off (their links and tag_ids)', async () => {
    const tag = await makeTag(t.db);
    const a = await makeItem(t.db, { tagIds: [tag.id] });
    const pending = await makeItem(t.db, { status: 'pending', tagIds: [tag.id] });
    expect(await scopeOf(() => t.db.deleteFrom('tags').where('id', '=', tag.id).execute())).toEqual(
      [`tags:${sorted(a.id, pending.id)}`],
    );
  });

  it('a tag on more visible items than an announcement names is everything', async () => {
    const tag = await makeTag(t.db);
    await sql`
      WITH made AS (
        INSERT INTO items (title, status, published_at)
        SELECT 'Tagged ' || g, 'available', now() FROM generate_series(1, 501) g RETURNING id)
      INSERT INTO item_tags (item_id, tag_id) SELECT id, ${tag.id} FROM made`.execute(t.db);
    expect(
      await scopeOf(() =>
        t.db.updateTable('tags').set({ name: 'Busy' }).where('id', '=', tag.id).execute(),
      ),
    ).toEqual(['*:']);
  });

  it('a category created, renamed or deleted names category and its own visible items', async () => {
    let id = 0;
    expect(
      await scopeOf(async () => {
        id = (await makeCategory(t.db)).id;
      }),
    ).toEqual(['category:']);
    const child = await makeCategory(t.db, { parentId: id });
    const a = await makeItem(t.db, { categoryId: id });
    await makeItem(t.db, { categoryId: child.id });
    await makeItem(t.db, { status: 'pending', categoryId: id });
    expect(
      await scopeOf(() =>
        t.db.updateTable('categories').set({ name: 'Renamed' }).where('id', '=', id).execute(),
      ),
    ).toEqual([`category:${a.id}`]);
    const empty = await makeCategory(t.db);
    expect(
      await scopeOf(() => t.db.deleteFrom('categories').where('id', '=', empty.id).execute()),
    ).toEqual(['category:']);
  });

  it('a moved category names category and the visible items of its subtree', async () => {
    const from = await makeCategory(t.db);
    const to = await makeCategory(t.db);
    const moved = await makeCategory(t.db, { parentId: from.id });
    const below = await makeCategory(t.db, { parentId: moved.id });
    const a = await makeItem(t.db, { categoryId: moved.id });
    const b = await makeItem(t.db, { categoryId: below.id });
    await makeItem(t.db, { categoryId: from.id });
    expect(
      await scopeOf(() =>
        t.db
          .updateTable('categories')
          .set({ parent_id: to.id })
          .where('id', '=', moved.id)
          .execute(),
      ),
    ).toEqual([`category:${sorted(a.id, b.id)}`]);
  });
});

describe.runIf(onPostgres)('an edit crossing a link to what it edits (PostgreSQL)', () => {
  /**
   * Runs `edit` while another transaction holds `link` uncommitted, then commits
   * the link once the edit waits on it (or has finished without waiting).
   */
  async function crossing(link: { text: string; values: unknown[] }, edit: () => Promise<unknown>) {
    const url = await currentDatabaseUrl(t.db);
    const held = await holdLocks(url, [link]);
    const editing = track(edit());
    await waitForLockWaiters(url, '%update "%', 1, editing.done);
    await held.release();
    await editing.promise;
  }

  it("a tag renamed while a link to it commits names that link's item too", async () => {
    const tag = await makeTag(t.db);
    const a = await makeItem(t.db, { tagIds: [tag.id] });
    const x = await makeItem(t.db);
    const scopes = await scopeOf(() =>
      crossing(
        { text: 'INSERT INTO item_tags (item_id, tag_id) VALUES ($1, $2)', values: [x.id, tag.id] },
        () => t.db.updateTable('tags').set({ name: 'Crossed' }).where('id', '=', tag.id).execute(),
      ),
    );
    expect(scopes).toEqual([`tags:${x.id}`, `tags:${sorted(a.id, x.id)}`]);
  });

  it('a category renamed while an item joins it names that item too', async () => {
    const category = await makeCategory(t.db);
    const x = await makeItem(t.db);
    const scopes = await scopeOf(() =>
      crossing(
        { text: 'UPDATE items SET category_id = $2 WHERE id = $1', values: [x.id, category.id] },
        () =>
          t.db
            .updateTable('categories')
            .set({ name: 'Crossed' })
            .where('id', '=', category.id)
            .execute(),
      ),
    );
    expect(scopes).toEqual([`category:${x.id}`, `category:${x.id}`]);
  });
});
