import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { itemRow, makeItem } from '../../../test/support/factories.js';

// Issue 34 item 1: weight, dimensions, condition and a note, written by the owner,
// served on every Item, filterable by condition on the storefront.

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
  admin = await adminClient(t.app);
});
afterAll(() => t.close());

const DETAILS = {
  weight_grams: 4_200,
  dimensions: { width_mm: 450, height_mm: 820, depth_mm: 510 },
  condition: 'good',
  condition_note: 'A ring mark on the seat; joints tight.',
};

describe('item details (admin create and edit)', () => {
  it('stores what the owner writes and serves it on the admin and public item', async () => {
    const created = await admin('POST', '/api/admin/items', { title: 'Teak chair', ...DETAILS });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(DETAILS);
    const id = created.json().id as number;
    expect(await itemRow(t, id)).toMatchObject({
      weight_grams: 4_200,
      width_mm: 450,
      height_mm: 820,
      depth_mm: 510,
      condition: 'good',
    });
    expect((await admin('POST', `/api/admin/items/${id}/publish`)).statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/items/${id}` });
    expect(shown.json()).toMatchObject(DETAILS);
  });

  it('leaves details it is not given, and clears one set to null', async () => {
    const id = (await admin('POST', '/api/admin/items', { title: 'Lamp', ...DETAILS })).json()
      .id as number;
    const edited = await admin('PATCH', `/api/admin/items/${id}`, {
      dimensions: { depth_mm: null },
      condition: 'fair',
      condition_note: '   ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      weight_grams: 4_200,
      dimensions: { width_mm: 450, height_mm: 820, depth_mm: null },
      condition: 'fair',
      condition_note: null,
    });
  });

  it('an item never given details says null for each (nothing guessed)', async () => {
    const item = await makeItem(t.db);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/items/${item.id}` })).json();
    expect(shown).toMatchObject({
      weight_grams: null,
      dimensions: { width_mm: null, height_mm: null, depth_mm: null },
      condition: null,
      condition_note: null,
    });
  });

  it.each([
    [{ weight_grams: 0 }, 'weight_grams'],
    [{ weight_grams: 1_000_001 }, 'weight_grams'],
    [{ weight_grams: 1.5 }, 'weight_grams'],
    [{ dimensions: { width_mm: -3 } }, 'dimensions/width_mm'],
    [{ dimensions: { volume: 3 } }, 'dimensions'],
    [{ condition: 'mint' }, 'condition'],
    [{ condition_note: 'x'.repeat(501) }, 'condition_note'],
  ])('refuses %j with 400 naming the field, and writes nothing', async (bad, field) => {
    const item = await makeItem(t.db, { status: 'pending' });
    const before = await itemRow(t, item.id);
    const refused = await admin('PATCH', `/api/admin/items/${item.id}`, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toContain(field.split('/')[0]);
    expect(await itemRow(t, item.id)).toEqual(before);
    const count = await t.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const create = await admin('POST', '/api/admin/items', { title: 'Refused', ...bad });
    expect(create.statusCode).toBe(400);
    expect(
      Number(
        (
          await t.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(count.n));
  });
});

describe('GET /api/items?condition=', () => {
  it('lists only items in one of the conditions asked for; an item without one matches none', async () => {
    const made: Array<{ id: number; condition: string | null }> = [];
    for (const condition of ['new', 'like_new', 'good', 'fair', 'for_parts', null] as const) {
      const item = await makeItem(t.db, { title: `Conditioned vase ${condition}` });
      await t.db.updateTable('items').set({ condition }).where('id', '=', item.id).execute();
      made.push({ id: item.id, condition });
    }
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/items?q=conditioned&${query}` }))
        .json()
        .items.map((item: { id: number }) => item.id)
        .sort((a: number, b: number) => a - b);
    const ids = (...conditions: string[]) =>
      made.filter((m) => conditions.includes(m.condition as string)).map((m) => m.id);
    expect(await list('condition=new')).toEqual(ids('new'));
    expect(await list('condition=fair,new,new')).toEqual(ids('new', 'fair'));
    expect(await list('')).toHaveLength(6);
  });

  it('a condition it does not know is 400 invalid_parameter', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/items?condition=mint' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ field: 'condition' });
  });

  it('a cached condition list changes when an item’s condition does', async () => {
    const item = await makeItem(t.db, { title: 'Recondition clock' });
    const url = '/api/items?q=recondition&condition=like_new';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.json().items).toEqual([]);
    const etag = first.headers.etag as string;
    await admin('PATCH', `/api/admin/items/${item.id}`, { condition: 'like_new' });
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    expect(again.json().items.map((i: { id: number }) => i.id)).toEqual([item.id]);
  });
});
