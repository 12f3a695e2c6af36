import { type Static, Type } from '@sinclair/typebox';
import { SHOP_LANGUAGES, type ShopLanguage } from '../../config.js';
import type { PageSlug } from '../../db/schema.js';
import { StrictObject } from '../../http/schemas.js';

export const PAGE_SLUGS = ['imprint', 'terms', 'privacy', 'withdrawal', 'shipping'] as const;
/** Each page's title until the owner writes one, and the footer's order. */
export const DEFAULT_PAGE_TITLES: Record<PageSlug, string> = {
  imprint: 'Imprint',
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  withdrawal: 'Right of withdrawal',
  shipping: 'Shipping and payment',
};
/** A long set of terms is some 30,000 characters; twice that is a limit, not a target. */
export const MAX_PAGE_MARKDOWN = 60_000;
/** The JSON body of a page save: its Markdown at the limit, escaped, with room to spare. */
export const PAGE_BODY_LIMIT = 256 * 1024;

export const PageSlugParams = StrictObject({
  slug: Type.Unsafe<PageSlug>(
    Type.String({
      enum: [...PAGE_SLUGS],
      description: 'imprint, terms, privacy, withdrawal, shipping',
    }),
  ),
});

/** `?language=en|de`: which language's version of a page (issue 37 item 4). */
export const PageLanguageQuery = StrictObject({
  language: Type.Optional(
    Type.Unsafe<ShopLanguage>(
      Type.String({
        enum: [...SHOP_LANGUAGES],
        description: `One of the shop's languages (${SHOP_LANGUAGES.join(', ')}); absent: as described`,
      }),
    ),
  ),
});
export type PageLanguageQuery = Static<typeof PageLanguageQuery>;

export const PageBody = StrictObject({
  title: Type.String({
    minLength: 1,
    maxLength: 120,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    description: 'One line',
  }),
  body_markdown: Type.String({
    minLength: 1,
    maxLength: MAX_PAGE_MARKDOWN,
    description: 'Markdown (CommonMark with tables); HTML in it is sanitised',
  }),
});
export type PageBody = Static<typeof PageBody>;

const pageFields = {
  slug: Type.String(),
  title: Type.String(),
  body_html: Type.String({ description: 'Sanitised HTML rendered from the Markdown' }),
  version: Type.Integer({ description: 'Each save is a new version; earlier ones are kept' }),
  updated_at: Type.String({ format: 'date-time', description: 'When this version was saved' }),
  language: Type.Optional(
    Type.String({
      description:
        'The language this version is written in (issue 37: a page may have one version per language)',
    }),
  ),
};

/** GET /api/pages/:slug. */
export const Page = Type.Object(pageFields, { title: 'Page' });
export type Page = Static<typeof Page>;

/** GET / PUT /api/admin/pages/:slug. */
export const AdminPage = Type.Object(
  { ...pageFields, body_markdown: Type.String() },
  { title: 'AdminPage' },
);
export type AdminPage = Static<typeof AdminPage>;

export const PageLink = Type.Object({ slug: Type.String(), title: Type.String() });
