import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type ItemQuery, ok } from '../../lib/api-client';
import { keys } from '../../lib/queries';

export function useFilters() {
  return useQuery({
    queryKey: keys.filters,
    queryFn: () => ok(api.GET('/api/filters')),
    staleTime: 5 * 60_000,
  });
}

export const PAGE_SIZE = 24;

/** The item list for the facets in the URL, a page at a time ("load more" by cursor). */
export function useItemPages(query: ItemQuery) {
  return useInfiniteQuery({
    queryKey: keys.items(query),
    queryFn: ({ pageParam }) =>
      ok(
        api.GET('/api/items', {
          params: {
            query: { ...query, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
