import type { Config, ShopLanguage } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { PageSlug } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { renderPageHtml } from './page-markdown.js';
import { type PageRow, pagesRepository } from './pages.repository.js';
import { type AdminPage, PAGE_SLUGS, type Page } from './pages.schemas.js';

const noPage = () => notFound('This page has not been written yet.');

/** A page as answered; `language` where known (a row saved before 0096 is the shop's). */
export const rowToPage = (row: PageRow, shopLanguage?: ShopLanguage): Page => {
  const language = row.language ?? shopLanguage;
  return {
    slug: row.slug,
    title: row.title,
    body_html: row.body_html,
    version: row.version,
    updated_at: row.created_at.toISOString(),
    ...(language ? { language } : {}),
  };
};

const rowToAdminPage = (row: PageRow, shopLanguage: ShopLanguage): AdminPage => ({
  ...rowToPage(row, shopLanguage),
  body_markdown: row.body_markdown,
});

/**
 * Legal and information pages (issue 33 item 2): every save a new version. A page
 * may have a version per language (issue 37 item 4); a visitor reads the one in their
 * language, else the shop's.
 */
export function pagesService(
  ctx: Pick<AppContext, 'db' | 'clock'> & { config: Pick<Config, 'shopLanguage'> },
) {
  const pages = pagesRepository(ctx.db);
  const shopLanguage = ctx.config.shopLanguage;
  const inLanguage = (language: ShopLanguage | undefined) => ({
    language: language ?? shopLanguage,
    shopLanguage,
  });

  return {
    /** The version a visitor reading in `language` is shown (the shop's when none in it). */
    async get(slug: PageSlug, language: ShopLanguage): Promise<Page> {
      const row = await pages.shown(slug, inLanguage(language));
      if (!row) throw noPage();
      return rowToPage(row, shopLanguage);
    },

    /** The newest version in a language (absent: the shop's); 404 before its first save in it. */
    async getForAdmin(slug: PageSlug, language?: ShopLanguage): Promise<AdminPage> {
      const row = await pages.latest(slug, inLanguage(language));
      if (!row) throw noPage();
      return rowToAdminPage(row, shopLanguage);
    },

    async save(
      slug: PageSlug,
      title: string,
      markdown: string,
      language?: ShopLanguage,
    ): Promise<AdminPage> {
      const page = {
        slug,
        title: title.trim(),
        body_markdown: markdown.replace(/\r\n?/g, '\n'),
        body_html: renderPageHtml(markdown),
        // Recorded as said: the shop's language may change later, this text's does not.
        language: language ?? shopLanguage,
      };
      if (!page.title) throw badRequest('invalid_body', 'Give the page a title.', 'title');
      if (!page.body_markdown.trim())
        throw badRequest('invalid_body', 'Write the page’s text.', 'body_markdown');
      // A save that lost its version number to another save at the same moment takes the next.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await pages.insertNext(page, ctx.clock.now());
        if (row) return rowToAdminPage(row, shopLanguage);
      }
      throw new Error(`page ${slug}: no version number after 5 attempts`);
    },

    /** The written pages in the footer's order, titled in `language` where written in it. */
    async links(
      language: ShopLanguage = shopLanguage,
    ): Promise<Array<{ slug: string; title: string }>> {
      const [own, shops] = await Promise.all([
        pages.listed(inLanguage(language)),
        language === shopLanguage ? [] : pages.listed(inLanguage(shopLanguage)),
      ]);
      return PAGE_SLUGS.flatMap((slug) => {
        const page = own.find((row) => row.slug === slug) ?? shops.find((row) => row.slug === slug);
        return page ? [{ slug, title: page.title }] : [];
      });
    },
  };
}

export type PagesService = ReturnType<typeof pagesService>;
