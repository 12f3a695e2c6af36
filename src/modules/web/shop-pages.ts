import type { AppContext } from '../../context.js';
import type { PageSlug } from '../../db/schema.js';
import { pagesRepository } from '../shop/pages.repository.js';
import { PAGE_SLUGS } from '../shop/pages.schemas.js';
import { escapeHtml, withPageMeta } from './page-meta.js';
import type { PageFor } from './web-client.routes.js';

const LEGAL_PAGE = /^\/pages\/([a-z]+)\/?$/;

/** "Oak chair · Antique Corner": a page's own title, then the shop's (or the shop's alone). */
function titled(html: string, shopName: string, plainTitle: string | null): string {
  return html.replace(/<title>([\s\S]*?)<\/title>/i, (_all, title: string) => {
    const own = title.trim();
    const full =
      !own || own === plainTitle ? escapeHtml(shopName) : `${own} · ${escapeHtml(shopName)}`;
    return `<title>${full}</title>`;
  });
}

/**
 * Every page's title carries the shop's name from its settings (issue 33 item 1),
 * and `/pages/:slug` is a legal page's own web page (item 2): its title and a
 * description for search engines, 404 for a page never written. The shop's name is
 * read at each request: a save in the admin shows on every instance at once. A legal
 * page is the visitor's language version, else the shop's (issue 37 item 4).
 */
export function withShopIdentity(
  pageFor: PageFor,
  ctx: Pick<AppContext, 'db' | 'shop' | 'config'> & { publicBaseUrl: URL },
): PageFor {
  return async (urlPath, index, language = ctx.config.shopLanguage) => {
    const plainTitle = /<title>([\s\S]*?)<\/title>/i.exec(index)?.[1]?.trim() ?? null;
    const shop = await ctx.shop.current();
    const legal = LEGAL_PAGE.exec(urlPath);
    if (legal) {
      const slug = legal[1] as PageSlug;
      const page = PAGE_SLUGS.includes(slug)
        ? await pagesRepository(ctx.db).shown(slug, {
            language,
            shopLanguage: ctx.config.shopLanguage,
          })
        : undefined;
      if (!page) return { status: 404, html: titled(index, shop.name, plainTitle) };
      const html = withPageMeta(index, {
        title: page.title,
        description: `${page.title} of ${shop.name}`,
        url: new URL(`/pages/${slug}`, ctx.publicBaseUrl).href,
        image: null,
        preloads: [{ kind: 'fetch', href: `/api/pages/${slug}` }],
      });
      return { status: 200, html: titled(html, shop.name, plainTitle) };
    }
    const { status, html } = await pageFor(urlPath, index);
    return { status, html: titled(html, shop.name, plainTitle) };
  };
}
