import type { ItemQuery } from '../../lib/api-client';
import { CONDITIONS } from '../../lib/item-details';

/**
 * The facets live in the address (shareable, the back button works) with the API's own
 * parameter names and units (cents), so the address and the request read the same.
 */
export type Sort = NonNullable<ItemQuery['sort']>;
const SORTS: Sort[] = ['newest', 'price_asc', 'price_desc'];

function wholeNumber(value: string | null): number | undefined {
  return value !== null && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

export function queryFromSearch(search: URLSearchParams): ItemQuery {
  const query: ItemQuery = {};
  const category = wholeNumber(search.get('category'));
  if (category !== undefined && category > 0) query.category = category;
  const tags = tagsFromSearch(search);
  if (tags.length > 0) query.tags = tags.join(',');
  const min = wholeNumber(search.get('min_price'));
  const max = wholeNumber(search.get('max_price'));
  // min ≤ max is the API's rule: a swapped pair from a hand-edited address is put right.
  if (min !== undefined && max !== undefined && min > max) {
    query.min_price = max;
    query.max_price = min;
  } else {
    if (min !== undefined) query.min_price = min;
    if (max !== undefined) query.max_price = max;
  }
  const conditions = conditionsFromSearch(search);
  if (conditions.length > 0) query.condition = conditions.join(',');
  const q = search.get('q')?.trim();
  if (q) query.q = q.slice(0, 200);
  const sort = search.get('sort') as Sort | null;
  if (sort && SORTS.includes(sort) && sort !== 'newest') query.sort = sort;
  return query;
}

const CONDITION_VALUES = new Set(CONDITIONS.map((condition) => condition.value as string));

/** The conditions asked for, the API's words only (a hand-edited address drops the rest). */
export function conditionsFromSearch(search: URLSearchParams): string[] {
  return [...new Set((search.get('condition') ?? '').split(',').map((c) => c.trim()))].filter((c) =>
    CONDITION_VALUES.has(c),
  );
}

export function tagsFromSearch(search: URLSearchParams): string[] {
  return (search.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => /^[a-z0-9-]{1,80}$/.test(t));
}

/** A copy of the address's parameters with some set or removed (undefined/empty removes). */
export function withParams(
  search: URLSearchParams,
  changes: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
