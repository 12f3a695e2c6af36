import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';
import { keys } from '../../lib/queries';

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      ok(api.DELETE('/api/cart/items/{item_id}', { params: { path: { item_id: itemId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: keys.cart }),
  });
}

export type CheckoutBody = NonNullable<
  paths['/api/cart/checkout']['post']['requestBody']
>['content']['application/json'];

/** Checkout: without an address the order is picked up at the shop. */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    // An empty body is pickup, as no body is.
    mutationFn: (body?: CheckoutBody) => ok(api.POST('/api/cart/checkout', { body: body ?? {} })),
    onSettled: () => {
      client.invalidateQueries({ queryKey: keys.cart });
      client.invalidateQueries({ queryKey: ['/api/items'] });
    },
  });
}

/** The quote's answer: items, shipping, the VAT the total contains and how it was reckoned. */
export type Quote =
  paths['/api/cart/quote']['post']['responses'][200]['content']['application/json'];

export type QuoteBody = NonNullable<
  paths['/api/cart/quote']['post']['requestBody']
>['content']['application/json'];

/**
 * What checkout would charge for the cart as held, for where it goes (issue 34): asked
 * again whenever the pieces or the destination's country change. Keyed under the cart,
 * so every change of the cart asks again.
 */
export function useQuote(body: QuoteBody | null, itemIds: number[]) {
  return useQuery({
    queryKey: [...keys.cart, 'quote', body, itemIds],
    queryFn: () => ok(api.POST('/api/cart/quote', { body: body ?? {} })),
    enabled: body !== null && itemIds.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
