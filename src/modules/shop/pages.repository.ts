import { type ExpressionBuilder, sql } from 'kysely';
import type { ShopLanguage } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database, PageSlug } from '../../db/schema.js';

export interface PageRow {
  slug: PageSlug;
  version: number;
  title: string;
  body_markdown: string;
  body_html: string;
  created_at: Date;
  /** Null: written in the shop's own language (saved before pages had languages). */
  language: ShopLanguage | null;
}

/** Which language's versions to read: one language, and the shop's (null rows are the shop's). */
export interface PageLanguage {
  language: ShopLanguage;
  shopLanguage: ShopLanguage;
}

/** Rows written in this language: a null row is in the shop's language. */
const writtenIn =
  ({ language, shopLanguage }: PageLanguage) =>
  (eb: ExpressionBuilder<Database, 'shop_pages'>) =>
    language === shopLanguage
      ? eb.or([eb('language', '=', language), eb('language', 'is', null)])
      : eb('language', '=', language);

/**
 * Pages as versions: a save inserts, nothing is ever updated or deleted. A page's
 * versions are numbered across its languages, so a version number names one text.
 */
export function pagesRepository(db: Db) {
  const repository = {
    /** The newest version of a page in a language. */
    latest(slug: PageSlug, language: PageLanguage): Promise<PageRow | undefined> {
      return db
        .selectFrom('shop_pages')
        .selectAll()
        .where('slug', '=', slug)
        .where(writtenIn(language))
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * The version a visitor reading in `language` is shown: the newest in it, else
     * (never written in it) the newest in the shop's language.
     */
    async shown(slug: PageSlug, language: PageLanguage): Promise<PageRow | undefined> {
      const own = await repository.latest(slug, language);
      if (own || language.language === language.shopLanguage) return own;
      return repository.latest(slug, { ...language, language: language.shopLanguage });
    },

    version(slug: PageSlug, version: number): Promise<PageRow | undefined> {
      return db
        .selectFrom('shop_pages')
        .selectAll()
        .where('slug', '=', slug)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    /** Slug, title and version of the newest version of every page written in a language. */
    listed(
      language: PageLanguage,
    ): Promise<Array<{ slug: PageSlug; title: string; version: number }>> {
      return db
        .selectFrom('shop_pages')
        .distinctOn('slug')
        .select(['slug', 'title', 'version'])
        .where(writtenIn(language))
        .orderBy('slug')
        .orderBy('version', 'desc')
        .execute();
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
        INSERT INTO shop_pages (slug, version, title, body_markdown, body_html, created_at, language)
        SELECT ${page.slug}, COALESCE(MAX(version), 0) + 1, ${page.title}, ${page.body_markdown},
               ${page.body_html}, ${now}, ${page.language}
        FROM shop_pages WHERE slug = ${page.slug}
        ON CONFLICT (slug, version) DO NOTHING
        RETURNING *`.execute(db);
      return rows[0];
    },
  };
  return repository;
}
