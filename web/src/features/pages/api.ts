import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';

export type PageSlug = paths['/api/pages/{slug}']['get']['parameters']['path']['slug'];
export const PAGE_SLUGS: readonly PageSlug[] = [
  'imprint',
  'terms',
  'privacy',
  'withdrawal',
  'shipping',
];
export const isPageSlug = (slug: string): slug is PageSlug =>
  (PAGE_SLUGS as readonly string[]).includes(slug);

/** The languages a page's version may be asked in (`?language=` on `/pages/:slug`). */
type PageLanguage = NonNullable<
  NonNullable<paths['/api/pages/{slug}']['get']['parameters']['query']>['language']
>;
export const isPageLanguage = (value: string | null): value is PageLanguage =>
  value === 'en' || value === 'de';

/**
 * A legal or information page, newest version (its HTML is sanitised by the server), in
 * the language asked for in the address, else in the visitor's (the server reads it from
 * the cookie the footer's switch sets): kept per language, so a switch shows the other
 * language's version rather than the one read before.
 */
export function useLegalPage(
  slug: PageSlug | null,
  pageLanguage: string,
  asked: PageLanguage | null,
) {
  return useQuery({
    queryKey: ['/api/pages', slug, asked ?? pageLanguage],
    queryFn: () =>
      ok(
        api.GET('/api/pages/{slug}', {
          params: {
            path: { slug: slug as PageSlug },
            ...(asked && { query: { language: asked } }),
          },
        }),
      ),
    enabled: slug !== null,
    retry: false,
  });
}
