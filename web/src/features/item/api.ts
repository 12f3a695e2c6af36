import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CategoryNode, ok } from '../../lib/api-client';
import { keys } from '../../lib/queries';

export function useItem(id: number) {
  return useQuery({
    queryKey: keys.item(id),
    queryFn: () => ok(api.GET('/api/items/{id}', { params: { path: { id } } })),
  });
}

/** The category tree (same query as the storefront's facets) for the breadcrumb. */
export function useCategoryTree() {
  return useQuery({
    queryKey: keys.filters,
    queryFn: () => ok(api.GET('/api/filters')),
    staleTime: 5 * 60_000,
    select: (filters) => filters.categories,
  });
}

/** The path from the root to a category, e.g. Furniture › Tables. */
export function categoryPath(nodes: CategoryNode[], id: number): CategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export function useFavoriteToggle(itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      ok(
        on
          ? api.POST('/api/customers/me/favorites/{item_id}', {
              params: { path: { item_id: itemId } },
            })
          : api.DELETE('/api/customers/me/favorites/{item_id}', {
              params: { path: { item_id: itemId } },
            }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.favorites }),
  });
}

export function useAddToCart(itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/cart/items', { body: { item_id: itemId } })),
    onSettled: () => {
      client.invalidateQueries({ queryKey: keys.cart });
      client.invalidateQueries({ queryKey: keys.item(itemId) });
    },
  });
}

/** "Ask about this piece": the shop gets the question by mail and answers the customer's address. */
export function useAskAboutPiece(itemId: number) {
  return useMutation({
    mutationFn: (message: string) =>
      ok(
        api.POST('/api/items/{id}/questions', {
          params: { path: { id: itemId } },
          body: { message },
        }),
      ),
  });
}
