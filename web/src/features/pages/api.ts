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

/** A legal or information page, newest version (its HTML is sanitised by the server). */
export function useLegalPage(slug: PageSlug | null) {
  return useQuery({
    queryKey: ['/api/pages', slug],
    queryFn: () =>
      ok(api.GET('/api/pages/{slug}', { params: { path: { slug: slug as PageSlug } } })),
    enabled: slug !== null,
    retry: false,
  });
}
