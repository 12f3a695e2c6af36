import { useQuery } from '@tanstack/react-query';
import { api, ok } from './api-client';
import { formatPrice } from './format';

/**
 * Server state several areas read (the header, the item page, the cart, the account):
 * keyed like the URL they come from, so a mutation anywhere invalidates them by that key.
 */
export const keys = {
  me: ['/api/customers/session'] as const,
  cart: ['/api/cart'] as const,
  favorites: ['/api/customers/me/favorites'] as const,
  filters: ['/api/filters'] as const,
  shop: ['/api/shop'] as const,
  items: (query: object) => ['/api/items', query] as const,
  item: (id: number) => ['/api/items', id] as const,
};

/**
 * The signed-in customer, or null when nobody is. Asked of /api/customers/session, which
 * answers nobody with 200: /me's 401 would be a console error on every anonymous page.
 */
export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async () => (await ok(api.GET('/api/customers/session'))).customer,
    staleTime: 60_000,
  });
}

export function useCart(signedIn: boolean) {
  return useQuery({
    queryKey: keys.cart,
    queryFn: () => ok(api.GET('/api/cart')),
    enabled: signedIn,
  });
}

export function useFavorites(signedIn: boolean) {
  return useQuery({
    queryKey: keys.favorites,
    queryFn: () => ok(api.GET('/api/customers/me/favorites')),
    enabled: signedIn,
  });
}

/** The shop's settings (currency, hold, photo limits): fixed while the server runs. */
export function useShopSettings() {
  return useQuery({
    queryKey: keys.shop,
    queryFn: () => ok(api.GET('/api/shop')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The shop's name from its settings (the admin edits it); "Shop" until they have arrived. */
export function useShopName(): string {
  return useShopSettings().data?.name ?? 'Shop';
}

/** Formats cents in the shop's currency; null until the settings have arrived. */
export function usePriceFormat(): ((cents: number) => string) | null {
  const settings = useShopSettings();
  const currency = settings.data?.currency;
  return currency ? (cents: number) => formatPrice(cents, currency) : null;
}
