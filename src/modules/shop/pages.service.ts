import type { AppContext } from '../../context.js';
import type { PageSlug } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { renderPageHtml } from './page-markdown.js';
import { type PageRow, pagesRepository } from './pages.repository.js';
import { type AdminPage, PAGE_SLUGS, type Page } from './pages.schemas.js';

const noPage = () => notFound('This page has not been written yet.');

export const rowToPage = (row: PageRow): Page => ({
  slug: row.slug,
  title: row.title,
  body_html: row.body_html,
  version: row.version,
  updated_at: row.created_at.toISOString(),
});

const rowToAdminPage = (row: PageRow): AdminPage => ({
  ...rowToPage(row),
  body_markdown: row.body_markdown,
});

/** Legal and information pages (issue 33 item 2): every save a new version. */
export function pagesService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const pages = pagesRepository(ctx.db);

  async function latest(slug: PageSlug): Promise<PageRow> {
    const row = await pages.latest(slug);
    if (!row) throw noPage();
    return row;
  }

  return {
    async get(slug: PageSlug): Promise<Page> {
      return rowToPage(await latest(slug));
    },

    async getForAdmin(slug: PageSlug): Promise<AdminPage> {
      return rowToAdminPage(await latest(slug));
    },

    async save(slug: PageSlug, title: string, markdown: string): Promise<AdminPage> {
      const page = {
        slug,
        title: title.trim(),
        body_markdown: markdown.replace(/\r\n?/g, '\n'),
        body_html: renderPageHtml(markdown),
      };
      if (!page.title) throw badRequest('invalid_body', 'Give the page a title.', 'title');
      if (!page.body_markdown.trim())
        throw badRequest('invalid_body', 'Write the page’s text.', 'body_markdown');
      // A save that lost its version number to another save at the same moment takes the next.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await pages.insertNext(page, ctx.clock.now());
        if (row) return rowToAdminPage(row);
      }
      throw new Error(`page ${slug}: no version number after 5 attempts`);
    },

    /** The written pages in the footer's order. */
    async links(): Promise<Array<{ slug: string; title: string }>> {
      const written = await pages.listed();
      return PAGE_SLUGS.flatMap((slug) => {
        const page = written.find((row) => row.slug === slug);
        return page ? [{ slug, title: page.title }] : [];
      });
    },
  };
}

export type PagesService = ReturnType<typeof pagesService>;
