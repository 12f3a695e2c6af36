import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PageSlug } from '../../db/schema.js';

export interface PageRow {
  slug: PageSlug;
  version: number;
  title: string;
  body_markdown: string;
  body_html: string;
  created_at: Date;
}

/** Pages as versions: a save inserts, nothing is ever updated or deleted. */
export function pagesRepository(db: Db) {
  return {
    /** The newest version of a page. */
    latest(slug: PageSlug): Promise<PageRow | undefined> {
      return db
        .selectFrom('shop_pages')
        .selectAll()
        .where('slug', '=', slug)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    version(slug: PageSlug, version: number): Promise<PageRow | undefined> {
      return db
        .selectFrom('shop_pages')
        .selectAll()
        .where('slug', '=', slug)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    /** Slug, title and version of the newest version of every page written. */
    async listed(): Promise<Array<{ slug: PageSlug; title: string; version: number }>> {
      const { rows } = await sql<{ slug: PageSlug; title: string; version: number }>`
        SELECT DISTINCT ON (slug) slug, title, version FROM shop_pages
        ORDER BY slug, version DESC`.execute(db);
      return rows;
    },

    /**
     * The next version. Two saves at once: the primary key refuses the second's number,
     * and the caller's transaction retries it (no save is lost or overwritten).
     */
    async insertNext(
      page: Omit<PageRow, 'version' | 'created_at'>,
      now: Date,
    ): Promise<PageRow | undefined> {
      const { rows } = await sql<PageRow>`
        INSERT INTO shop_pages (slug, version, title, body_markdown, body_html, created_at)
        SELECT ${page.slug}, COALESCE(MAX(version), 0) + 1, ${page.title}, ${page.body_markdown},
               ${page.body_html}, ${now}
        FROM shop_pages WHERE slug = ${page.slug}
        ON CONFLICT (slug, version) DO NOTHING
        RETURNING *`.execute(db);
      return rows[0];
    },
  };
}
