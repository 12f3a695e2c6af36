import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { makeCategory, makeItem, makeTag } from '../../../test/support/factories.js';
import { CategoryTree, Filters } from './items.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const filters = async () => (await t.app.inject({ method: 'GET', url: '/api/filters' })).json();

describe('GET /api/filters', () => {
  it('answers null price bounds and empty lists for an empty catalogue', async () => {
    expect(await filters()).toEqual({ categories: [], tags: [], price: { min: null, max: null } });
  });

  it('returns the category tree with children nested', async () => {
    const root = await makeCategory(t.db, { name: 'Furniture', slug: 'furniture' });
    const child = await makeCategory(t.db, { name: 'Tables', slug: 'tables', parentId: root.id });
    await makeCategory(t.db, { name: 'Side tables', slug: 'side-tables', parentId: child.id });
    const { categories } = await filters();
    expect(categories).toEqual([
      {
        id: root.id,
        name: 'Furniture',
        slug: 'furniture',
        children: [
          {
            id: child.id,
            name: 'Tables',
            slug: 'tables',
            children: [
              { id: expect.any(Number), name: 'Side tables', slug: 'side-tables', children: [] },
            ],
          },
        ],
      },
    ]);
  });

  it('rule 1: tag counts are computed over non-pending items only', async () => {
    const tag = await makeTag(t.db, { slug: 'counted' });
    await makeItem(t.db, { tagIds: [tag.id], status: 'available' });
    await makeItem(t.db, { tagIds: [tag.id], status: 'sold' });
    await makeItem(t.db, { tagIds: [tag.id], status: 'pending' });
    const { tags } = await filters();
    expect(tags.find((row: { slug: string }) => row.slug === 'counted')).toMatchObject({
      count: 2,
      colour: expect.any(String),
    });
  });

  it('rule 2: a tag whose only items are pending is still listed, with count zero', async () => {
    const tag = await makeTag(t.db, { slug: 'only-pending' });
    await makeItem(t.db, { tagIds: [tag.id], status: 'pending' });
    const unused = await makeTag(t.db, { slug: 'unused' });
    const { tags } = await filters();
    expect(tags.find((row: { slug: string }) => row.slug === 'only-pending')).toMatchObject({
      id: tag.id,
      count: 0,
    });
    expect(tags.find((row: { slug: string }) => row.slug === 'unused')).toMatchObject({
      id: unused.id,
      count: 0,
    });
  });

  it('rule 3: price bounds are computed over non-pending items only', async () => {
    await makeItem(t.db, { priceCents: 1_500 });
    await makeItem(t.db, { priceCents: 42_000, status: 'sold' });
    await makeItem(t.db, { priceCents: 100, status: 'pending' });
    await makeItem(t.db, { priceCents: 999_999, status: 'pending' });
    const { price } = await filters();
    expect(price).toEqual({ min: 1_500, max: 42_000 });
  });
});

describe('the body of /api/filters', () => {
  it('is what the route schema makes of the same value, part by part joined', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/filters' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const whole = fastJson(Filters, { schema: { [CategoryTree.$id!]: CategoryTree as never } });
    expect(res.body).toBe(whole(res.json()));
    // Nested categories and counted tags are there: the comparison is not of empty lists.
    expect(res.json().categories[0].children.length).toBeGreaterThan(0);
    expect(res.json().tags.length).toBeGreaterThan(0);
  });
});
