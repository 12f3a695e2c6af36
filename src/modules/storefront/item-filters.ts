import { type Static, Type } from '@sinclair/typebox';
import type { ItemCondition, ItemStatus } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { Id, isIdValue, MAX_INTEGER_COLUMN, StrictObject } from '../../http/schemas.js';
import { SLUG_PATTERN } from '../catalogue/slugs.js';

/**
 * The one parser of item-list filters, shared by the storefront and the admin
 * item list (spec 4.2 rule 9). The mode decides whether pending may be asked for.
 */
type FilterMode = 'public' | 'admin';

export const ITEM_STATUSES = [
  'pending',
  'available',
  'reserved',
  'sold',
] as const satisfies readonly ItemStatus[];
/** An item's condition, best first (issue 34 item 1). */
export const ITEM_CONDITIONS = [
  'new',
  'like_new',
  'good',
  'fair',
  'for_parts',
] as const satisfies readonly ItemCondition[];
const CONDITION_LIST = new RegExp(
  `^(${ITEM_CONDITIONS.join('|')})(,(${ITEM_CONDITIONS.join('|')}))*$`,
);

const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];

const DEFAULT_LIMIT = 24;
const MAX_LIMIT = 100;
const MAX_TAGS = 20;
const MAX_PRICE = 100_000_000; // one million in major units: far above any real item
const SLUG = new RegExp(SLUG_PATTERN);

/** A price in cents, as every route takes it. */
export const Price = Type.Integer({ minimum: 0, maximum: MAX_PRICE, description: 'Cents' });

export const ItemListQuery = StrictObject({
  category: Type.Optional({
    ...Id,
    description: 'A category id: that category and everything beneath it',
  }),
  tags: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1_000,
      description: 'Comma-separated tag slugs; an item must carry all',
    }),
  ),
  min_price: Type.Optional(Price),
  max_price: Type.Optional(Price),
  status: Type.Optional(
    Type.Unsafe<ItemStatus>(
      Type.String({ enum: [...ITEM_STATUSES], description: 'pending only in the admin list' }),
    ),
  ),
  condition: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: CONDITION_LIST.source,
      description: `Comma-separated conditions (${ITEM_CONDITIONS.join(', ')}); an item must be in one of them`,
    }),
  ),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Words to find in title and description',
    }),
  ),
  sort: Type.Optional(Type.Unsafe<Sort>(Type.String({ enum: [...SORTS], default: 'newest' }))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'next_cursor of the previous page' }),
  ),
});
export type ItemListQuery = Static<typeof ItemListQuery>;

/** Where the previous page stopped: the sort key of its last item and its id. */
export type Cursor =
  | { sort: 'newest'; key: string; id: number }
  | { sort: 'price_asc' | 'price_desc'; key: number; id: number };

export interface ItemFilters {
  categoryId?: number;
  /** Sorted and de-duplicated, so equal filters give equal cache keys. */
  tagSlugs?: string[];
  minPrice?: number;
  maxPrice?: number;
  status?: ItemStatus;
  /** Sorted and de-duplicated; an item without a condition matches none. */
  conditions?: ItemCondition[];
  /** Prefix-matching tsquery built from the words of `q`. */
  search?: string;
  includePending: boolean;
  /** Admin list only: pending submissions whose draft awaits review. */
  newSubmissions?: boolean;
  sort: Sort;
  limit: number;
  cursor?: Cursor;
}

const invalid = (field: string, message: string) => badRequest('invalid_parameter', message, field);

function parseTags(raw: string): string[] {
  const slugs = raw.split(',').map((slug) => slug.trim());
  if (slugs.some((slug) => !SLUG.test(slug))) {
    throw invalid(
      'tags',
      'The parameter "tags" must be comma-separated tag slugs (a-z, 0-9 and dashes).',
    );
  }
  const unique = [...new Set(slugs)].sort();
  if (unique.length > MAX_TAGS)
    throw invalid('tags', `The parameter "tags" takes at most ${MAX_TAGS} tags.`);
  return unique;
}

/** Each word becomes a prefix term, ANDed: "teak tab" finds "Teak table". */
function parseSearch(raw: string): string {
  const words = raw.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) throw invalid('q', 'The parameter "q" must contain a letter or a digit.');
  return words
    .slice(0, 10)
    .map((word) => `${word}:*`)
    .join(' & ');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const field = (key: string, from: number, to: number) => Number(key.slice(from, to));

/**
 * A real instant PostgreSQL can hold: no year 0, no 30 February, no hour 24.
 * Checked field by field: parsing a Date and printing it back cost every deep
 * page a few µs.
 */
function isStorableTimestamp(key: string): boolean {
  if (!TIMESTAMP.test(key)) return false;
  const year = field(key, 0, 4);
  const month = field(key, 5, 7);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  const day = field(key, 8, 10);
  return (
    year >= 1 &&
    days !== undefined &&
    day >= 1 &&
    day <= days &&
    field(key, 11, 13) < 24 &&
    field(key, 14, 16) < 60 &&
    field(key, 17, 19) < 60
  );
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string, sort: Sort): Cursor {
  const bad = () =>
    invalid(
      'cursor',
      'The parameter "cursor" is not a cursor this list gave out for this sort order.',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad();
  const [cursorSort, key, id] = parsed as unknown[];
  // Every number is range-checked against its column (integer id, integer price,
  // timestamptz): one that does not fit would fail in the database as a 500.
  if (cursorSort !== sort || !isIdValue(id)) throw bad();
  if (sort === 'newest' && typeof key === 'string' && isStorableTimestamp(key)) {
    return { sort, key, id };
  }
  if (
    sort !== 'newest' &&
    Number.isSafeInteger(key) &&
    (key as number) >= 0 &&
    (key as number) <= MAX_INTEGER_COLUMN
  ) {
    return { sort, key: key as number, id };
  }
  throw bad();
}

/** Turns a validated query into filters; refuses what the schema alone cannot judge (spec 4.2 rules 4, 6). */
export function parseItemFilters(query: ItemListQuery, mode: FilterMode): ItemFilters {
  if (query.status === 'pending' && mode === 'public') {
    throw badRequest(
      'status_not_allowed',
      'Pending items are not shown on the storefront.',
      'status',
    );
  }
  if (
    query.min_price !== undefined &&
    query.max_price !== undefined &&
    query.max_price < query.min_price
  ) {
    throw invalid('max_price', 'The parameter "max_price" must not be below "min_price".');
  }
  const sort = query.sort ?? 'newest';
  const filters: ItemFilters = {
    includePending: mode === 'admin',
    sort,
    limit: query.limit ?? DEFAULT_LIMIT,
  };
  if (query.category !== undefined) filters.categoryId = query.category;
  if (query.tags !== undefined) filters.tagSlugs = parseTags(query.tags);
  if (query.min_price !== undefined) filters.minPrice = query.min_price;
  if (query.max_price !== undefined) filters.maxPrice = query.max_price;
  if (query.status !== undefined) filters.status = query.status;
  if (query.condition !== undefined)
    filters.conditions = [...new Set(query.condition.split(','))].sort() as ItemCondition[];
  if (query.q !== undefined) filters.search = parseSearch(query.q);
  if (query.cursor !== undefined) filters.cursor = decodeCursor(query.cursor, sort);
  return filters;
}
