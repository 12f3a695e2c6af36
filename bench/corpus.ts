// The request corpus: ~40 /api/items URLs (no filter, category subtrees, two tags,
// price ranges, combined; pages 1–5 by following next_cursor), 20 item ids and
// /api/filters; each anonymous, signed in, and revalidated with If-None-Match.
import pg from 'pg';

export interface Snapshot {
  etag: string;
  /** Every header of the answer but those node:http writes itself (date, connection, length). */
  headers: Record<string, string>;
  body: string;
}

const WRITTEN_BY_NODE = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

export interface Corpus {
  groups: Record<'list' | 'item' | 'filters', string[]>;
  /** The first list URL of each shape, for EXPLAIN. */
  shapes: Record<string, string>;
}

async function json(base: string, path: string): Promise<{ next_cursor?: string | null }> {
  const res = await fetch(base + path);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as { next_cursor?: string | null };
}

/** Follows next_cursor from `first` until `pages` URLs (or the last page). */
async function pages(base: string, first: string, count: number): Promise<string[]> {
  const urls = [first];
  while (urls.length < count) {
    const body = await json(base, urls.at(-1)!);
    if (!body.next_cursor) break;
    const sep = first.includes('?') ? '&' : '?';
    urls.push(`${first}${sep}cursor=${encodeURIComponent(body.next_cursor)}`);
  }
  return urls;
}

export async function buildCorpus(base: string, databaseUrl: string): Promise<Corpus> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const cats = await client.query<{ id: number }>(
      `SELECT id FROM categories ORDER BY (parent_id IS NULL) DESC, id LIMIT 3`,
    );
    const deep = await client.query<{ id: number }>(
      `SELECT c.id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY c.id LIMIT 3`,
    );
    const tags = await client.query<{ slug: string }>(
      `SELECT t.slug FROM tags t JOIN item_tags it ON it.tag_id = t.id GROUP BY t.slug ORDER BY count(*) DESC, t.slug LIMIT 12`,
    );
    const ids = await client.query<{ id: number }>(
      `SELECT id FROM items WHERE status <> 'pending' ORDER BY (id::bigint * 7919) % 1009, id LIMIT 20`,
    );
    const slug = (i: number) => tags.rows[i]!.slug;
    const root = cats.rows[0]!.id;
    const shapes: Record<string, string> = {
      'no filter': '/api/items',
      'category subtree': `/api/items?category=${root}`,
      'two tags': `/api/items?tags=${slug(0)},${slug(1)}`,
      'price range': '/api/items?min_price=2000&max_price=10000',
      combined: `/api/items?category=${root}&tags=${slug(0)}&min_price=1000&max_price=20000`,
    };
    const list: string[] = [];
    for (const first of Object.values(shapes)) list.push(...(await pages(base, first, 5)));
    const extra = [
      ...cats.rows.slice(1).map((c) => `/api/items?category=${c.id}`),
      ...deep.rows.map((c) => `/api/items?category=${c.id}`),
      `/api/items?tags=${slug(2)},${slug(3)}`,
      `/api/items?tags=${slug(4)},${slug(5)}`,
      `/api/items?tags=${slug(6)},${slug(7)}`,
      `/api/items?tags=${slug(8)},${slug(9)}`,
      '/api/items?min_price=500&max_price=2000',
      '/api/items?min_price=10000&max_price=50000',
      '/api/items?min_price=0&max_price=1500',
      `/api/items?category=${deep.rows[0]!.id}&tags=${slug(10)},${slug(11)}`,
      '/api/items?sort=price_asc',
      '/api/items?sort=price_desc&min_price=5000',
      '/api/items?limit=100',
    ];
    list.push(...extra.slice(0, Math.max(0, 40 - list.length)));
    return {
      groups: {
        list,
        item: ids.rows.map((r) => `/api/items/${r.id}`),
        filters: ['/api/filters'],
      },
      shapes,
    };
  } finally {
    await client.end();
  }
}

/** What a target answers to each URL: the ceiling's bytes, the ETags, the PGlite/PostgreSQL comparison. */
export async function snapshot(base: string, urls: string[]): Promise<Record<string, Snapshot>> {
  const out: Record<string, Snapshot> = {};
  for (const url of urls) {
    const res = await fetch(base + url);
    out[url] = {
      etag: res.headers.get('etag') ?? '',
      headers: Object.fromEntries([...res.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name))),
      body: await res.text(),
    };
  }
  return out;
}

export interface Case {
  name: string;
  requests: Array<{
    method: 'GET';
    path: string;
    headers: Record<string, string>;
    /** Rewrites the request before each send: a unique URL every time (bench/misses.ts). */
    setupRequest?: (request: { path: string }) => { path: string };
  }>;
}

/** Anonymous, signed-in and If-None-Match cases of each group. */
export function cases(corpus: Corpus, cookie: string, etags: Record<string, Snapshot>): Case[] {
  const out: Case[] = [];
  for (const [group, urls] of Object.entries(corpus.groups)) {
    const make = (headers: (url: string) => Record<string, string>) =>
      urls.map((path) => ({ method: 'GET' as const, path, headers: headers(path) }));
    out.push({ name: `${group} anon`, requests: make(() => ({})) });
    out.push({
      name: `${group} signed-in`,
      requests: make(() => ({ cookie: `shop_session=${cookie}` })),
    });
    out.push({
      name: `${group} 304`,
      requests: make((url) => ({ 'if-none-match': etags[url]?.etag ?? '' })),
    });
  }
  return out;
}
