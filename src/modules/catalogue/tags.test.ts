import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeItem, makeTag } from '../../../test/support/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

describe('admin tags', () => {
  it('creates a tag with a slug from its name and a derived colour', async () => {
    const res = await admin('POST', '/api/admin/tags', { name: 'Mid Century' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Mid Century',
      slug: 'mid-century',
      colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
      item_count: 0,
    });
  });

  it('refuses a colour in the input: it is derived, never stored', async () => {
    const res = await admin('POST', '/api/admin/tags', { name: 'Red', colour: '#ff0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('colour');
  });

  it('refuses a taken slug, given or derived, with 409 tag_exists', async () => {
    await admin('POST', '/api/admin/tags', { name: 'Brass' });
    expect((await admin('POST', '/api/admin/tags', { name: 'brass' })).json().error.code).toBe(
      'tag_exists',
    );
    expect(
      (await admin('POST', '/api/admin/tags', { name: 'Yellow metal', slug: 'brass' })).statusCode,
    ).toBe(409);
  });

  it('renames, and refuses renaming onto a taken slug', async () => {
    const a = await makeTag(t.db);
    const b = await makeTag(t.db);
    expect((await admin('PATCH', `/api/admin/tags/${a.id}`, { name: 'Renamed' })).json().name).toBe(
      'Renamed',
    );
    const clash = await admin('PATCH', `/api/admin/tags/${a.id}`, { slug: b.slug });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('tag_exists');
  });

  it('deleting a tag removes it from every item', async () => {
    const tag = await makeTag(t.db);
    const item = await makeItem(t.db, { tagIds: [tag.id] });
    expect(
      (await admin('GET', '/api/admin/tags'))
        .json()
        .tags.find((x: { id: number }) => x.id === tag.id).item_count,
    ).toBe(1);
    expect((await admin('DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(204);
    const links = await t.db
      .selectFrom('item_tags')
      .selectAll()
      .where('item_id', '=', item.id)
      .execute();
    expect(links).toEqual([]);
    expect((await admin('DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it('gives the same colour for the same slug on another app instance', async () => {
    const other = await t.sibling();
    const otherAdmin = await adminClient(other);
    const here = (await admin('POST', '/api/admin/tags', { name: 'Stable colour' })).json();
    const there = (await otherAdmin('GET', '/api/admin/tags'))
      .json()
      .tags.find((x: { id: number }) => x.id === here.id);
    expect(there.colour).toBe(here.colour);
    const onStorefront = (await other.inject({ method: 'GET', url: '/api/filters' }))
      .json()
      .tags.find((x: { id: number }) => x.id === here.id);
    expect(onStorefront.colour).toBe(here.colour);
  });
});
