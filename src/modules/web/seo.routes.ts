import { Type } from '@sinclair/typebox';
import type { App } from '../../context.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { StrictObject } from '../../http/schemas.js';
import type { CatalogueVersion } from '../storefront/catalogue-version.js';
import { escapeHtml } from './page-meta.js';
import { sitemapRepository } from './sitemap.repository.js';

/** The sitemap protocol's own limit per file; more items make /sitemap.xml an index of pages. */
export const SITEMAP_PAGE_SIZE = 50_000;
const CACHED_SITEMAPS = 20;

const SitemapQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * GET /sitemap.xml of the visible items and GET /robots.txt (contract additions).
 * A sitemap is made once per catalogue version and page, then served from memory.
 */
export function seoRoutes(
  app: App,
  deps: { db: Db; version: CatalogueVersion; publicBaseUrl: URL; pageSize?: number },
): void {
  const pageSize = deps.pageSize ?? SITEMAP_PAGE_SIZE;
  const repository = sitemapRepository(deps.db);
  const base = deps.publicBaseUrl.origin;
  const made = new Map<string, { version: string; xml: string }>();

  async function sitemap(page: number | undefined): Promise<string | null> {
    const total = await repository.countVisible();
    const pages = Math.max(1, Math.ceil(total / pageSize));
    if (page === undefined && pages > 1) {
      const entries = Array.from(
        { length: pages },
        (_, i) =>
          `  <sitemap><loc>${escapeHtml(`${base}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
      );
      return `${xmlHead}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    }
    if (page !== undefined && page > pages) return null;
    const rows = await repository.visiblePage(pageSize, page ?? 1);
    const urls = rows.map(
      (row) =>
        `  <url><loc>${base}/items/${row.id}</loc><lastmod>${new Date(row.updated_at).toISOString().slice(0, 10)}</lastmod></url>`,
    );
    // The storefront itself is listed once, on the first page.
    if ((page ?? 1) === 1) urls.unshift(`  <url><loc>${base}/</loc></url>`);
    return `${xmlHead}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
  }

  app.get(
    '/sitemap.xml',
    { schema: { hide: true, querystring: SitemapQuery } },
    async (request, reply) => {
      const page = request.query.page;
      const key = String(page ?? 'root');
      const version = await deps.version.current();
      let entry = made.get(key);
      if (entry?.version !== version) {
        const xml = await sitemap(page);
        if (xml === null) throw notFound('There is no such sitemap page.');
        entry = { version, xml };
        made.delete(key);
        made.set(key, entry);
        if (made.size > CACHED_SITEMAPS) made.delete(made.keys().next().value as string);
      }
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(entry.xml);
    },
  );

  const robots = [
    'User-agent: *',
    // Pages of one person or one link: nothing a search engine should show.
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /cart',
    'Disallow: /upload',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(robots),
  );
}
