import type { ItemListQuery } from '../src/modules/storefront/item-filters.js';

/** A query string as the route's schema delivers it: numbers where the schema says so. */
export function queryObject(query: string): ItemListQuery {
  const numeric = new Set(['category', 'min_price', 'max_price', 'limit']);
  return Object.fromEntries(
    [...new URLSearchParams(query)].map(([key, value]) => [
      key,
      numeric.has(key) ? Number(value) : value,
    ]),
  ) as ItemListQuery;
}
