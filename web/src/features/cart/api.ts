import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import { keys } from '../../lib/queries';

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      ok(api.DELETE('/api/cart/items/{item_id}', { params: { path: { item_id: itemId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: keys.cart }),
  });
}

export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/cart/checkout')),
    onSettled: () => {
      client.invalidateQueries({ queryKey: keys.cart });
      client.invalidateQueries({ queryKey: ['/api/items'] });
    },
  });
}
