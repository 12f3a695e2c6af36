import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import type { App } from '../../context.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { StrictObject } from '../../http/schemas.js';
import type { MediaUrl } from '../../media/storage.js';
import type { CatalogueVersion } from '../storefront/catalogue-version.js';
import { feedRepository } from './feed.repository.js';
import { FEED_TAIL, feedHead, feedItemXml } from './product-feed.js';

/** Items per feed file: about 10 MB of XML; a larger catalogue is paged (`?page=2`, rel="next"). */
export const FEED_PAGE_SIZE = 10_000;
/** Rows read per query; the event loop gets a turn between batches. */
const BATCH = 500;
const CACHED_FEEDS = 4;

const FeedQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

/**
 * GET /feeds/products.xml (contract additions): the visible items for Google
 * Merchant Center. Like the sitemap, a file is made once per catalogue version and
 * page and then served from memory; requests arriving while it is made share that work.
 */
export function productFeedRoutes(
  app: App,
  deps: {
    db: Db;
    version: CatalogueVersion;
    publicBaseUrl: URL;
    currency: string;
    mediaUrl: MediaUrl;
    /** The shop's name as its settings say now (the feed's channel title). */
    shopName: () => Promise<string>;
    pageSize?: number;
  },
): void {
  const pageSize = deps.pageSize ?? FEED_PAGE_SIZE;
  const repository = feedRepository(deps.db);
  const base = deps.publicBaseUrl.origin;
  const absolute = (url: string) => new URL(url, deps.publicBaseUrl).href;
  const pageUrl = (page: number) =>
    page === 1 ? `${base}/feeds/products.xml` : `${base}/feeds/products.xml?page=${page}`;
  const made = new Map<number, { version: string; body: Promise<Buffer | null> }>();

  async function feed(page: number, shopName: string): Promise<Buffer | null> {
    const pages = Math.max(1, Math.ceil((await repository.countVisible()) / pageSize));
    if (page > pages) return null;
    let after = await repository.startOfPage(page, pageSize);
    if (after === null) return null;
    const parts = [
      feedHead({
        title: shopName,
        link: `${base}/`,
        self: pageUrl(page),
        next: page < pages ? pageUrl(page + 1) : null,
      }),
    ];
    for (let left = pageSize; left > 0; ) {
      const rows = await repository.batch(after, Math.min(BATCH, left));
      for (const row of rows)
        parts.push(
          `    ${feedItemXml(
            {
              ...row,
              link: `${base}/items/${row.id}`,
              image: row.image_path === null ? null : absolute(deps.mediaUrl(row.image_path)),
              category: row.category_name,
            },
            deps.currency,
          )}\n`,
        );
      if (rows.length < Math.min(BATCH, left)) break;
      left -= rows.length;
      after = rows.at(-1)!.id;
      await yieldToEvents();
    }
    parts.push(FEED_TAIL);
    return Buffer.from(parts.join(''));
  }

  app.get(
    '/feeds/products.xml',
    { schema: { hide: true, querystring: FeedQuery } },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      // A renamed shop is a new feed as much as a changed catalogue is.
      const shopName = await deps.shopName();
      const version = `${await deps.version.current()} ${shopName}`;
      let entry = made.get(page);
      if (entry?.version !== version) {
        entry = { version, body: feed(page, shopName) };
        made.delete(page);
        made.set(page, entry);
        if (made.size > CACHED_FEEDS) made.delete(made.keys().next().value as number);
        // A failed build is not kept: the next request tries again.
        const failed = entry;
        failed.body.catch(() => {
          if (made.get(page) === failed) made.delete(page);
        });
      }
      const body = await entry.body;
      if (body === null) throw notFound('There is no such feed page.');
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/rss+xml; charset=utf-8')
        .send(body);
    },
  );
}
