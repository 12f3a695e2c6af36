import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueView } from '../modules/storefront/catalogue-version.js';
import { Serialized, versionedResponses } from './versioned-responses.js';

// The response cache keeps an answer from its second request on: a URL asked
// once (a customer's own price bound) must not push out the answers asked again
// and again. Counted by how often a route's answer is worked out.

const view: CatalogueView = {
  epoch: 'a1b2c3d4e5f6',
  version: 7,
  life: 1,
  tag: 'a1b2c3d4e5f6-7',
  changedSince: () => false,
};

describe('which answers the response cache keeps', () => {
  const app = Fastify();
  const computed = new Map<string, number>();
  beforeAll(async () => {
    const responses = versionedResponses(2);
    app.get<{ Params: { key: string } }>('/answers/:key', (request, reply) => {
      const { key } = request.params;
      if (responses.answerFromMemory(request, reply, key, view)) return reply;
      return responses.send(request, reply, {
        key,
        view,
        dims: [],
        ids: [],
        compute: async () => {
          computed.set(key, (computed.get(key) ?? 0) + 1);
          return new Serialized(JSON.stringify({ key }));
        },
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = async (key: string) => {
    const response = await app.inject({ method: 'GET', url: `/answers/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key });
  };

  it('works an answer out on its first two requests and keeps it from the second', async () => {
    await ask('popular');
    await ask('popular');
    expect(computed.get('popular')).toBe(2);
    await ask('popular');
    await ask('popular');
    expect(computed.get('popular')).toBe(2);
  });

  it('keeps a popular answer while one-off answers pass through a cache of two', async () => {
    for (let i = 0; i < 3; i++) await ask('other');
    const before = [computed.get('popular'), computed.get('other')];
    for (const key of ['once-1', 'once-2', 'once-3']) await ask(key);
    await ask('popular');
    await ask('other');
    // Neither was pushed out by the three asked once.
    expect([computed.get('popular'), computed.get('other')]).toEqual(before);
  });
});

describe('an answer asked once and not kept', () => {
  const app = Fastify();
  let computed = 0;
  // The catalogue moves on to version 8; whether item 5 changed since 7 is up to the test.
  let itemFiveChanged = false;
  let current: CatalogueView = view;
  beforeAll(async () => {
    const responses = versionedResponses(2);
    app.get<{ Params: { key: string } }>('/once/:key', (request, reply) =>
      responses.send(request, reply, {
        key: request.params.key,
        view: current,
        dims: [],
        ids: [5],
        compute: async () => {
          computed++;
          return new Serialized(JSON.stringify({ computed }));
        },
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = (key: string, etag?: string) =>
    app.inject({
      method: 'GET',
      url: `/once/${key}`,
      headers: etag ? { 'if-none-match': etag } : {},
    });
  const laterView = (): CatalogueView => ({
    ...view,
    version: 8,
    tag: 'a1b2c3d4e5f6-8',
    changedSince: (since, _dims, ids) => since < 8 && itemFiveChanged && ids.includes(5),
  });

  it('still revalidates its ETag while nothing it shows changed, without working it out again', async () => {
    const first = await ask('unchanged');
    expect(first.statusCode).toBe(200);
    current = laterView();
    const again = await ask('unchanged', first.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(computed).toBe(1);
  });

  it('answers the new body once an item it shows changed', async () => {
    current = view;
    const first = await ask('changed');
    itemFiveChanged = true;
    current = laterView();
    const again = await ask('changed', first.headers.etag as string);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(first.headers.etag);
    expect(again.json()).toEqual({ computed });
  });
});

describe('ETags of different keys', () => {
  const app = Fastify();
  beforeAll(async () => {
    const responses = versionedResponses(2);
    app.get<{ Querystring: { min_price: string } }>('/items', (request, reply) =>
      responses.send(request, reply, {
        key: `items:${JSON.stringify({ minPrice: Number(request.query.min_price) })}`,
        view,
        dims: [],
        ids: [],
        compute: async () => new Serialized(JSON.stringify({ min: request.query.min_price })),
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = (minPrice: number, etag?: string) =>
    app.inject({
      method: 'GET',
      url: `/items?min_price=${minPrice}`,
      headers: etag ? { 'if-none-match': etag } : {},
    });

  it('differ at one version, so one URL’s ETag never revalidates another’s body', async () => {
    const tags = new Set<string>();
    for (let minPrice = 0; minPrice < 5_000; minPrice++) {
      tags.add((await ask(minPrice)).headers.etag as string);
    }
    expect(tags.size).toBe(5_000);
    const first = await ask(100);
    const other = await ask(101, first.headers.etag as string);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ min: '101' });
  });
});
