import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { encodeCursor, parseItemFilters } from './item-filters.js';

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the shared item-filter parser (spec 4.2 rule 9)', () => {
  it('public mode refuses status=pending with status_not_allowed', () => {
    const error = refusal(() => parseItemFilters({ status: 'pending' }, 'public'));
    expect(error).toMatchObject({ statusCode: 400, code: 'status_not_allowed', field: 'status' });
  });

  it('admin mode accepts status=pending and includes pending items', () => {
    expect(parseItemFilters({ status: 'pending' }, 'admin')).toMatchObject({
      status: 'pending',
      includePending: true,
    });
  });

  it('public mode always excludes pending, whatever is asked', () => {
    expect(parseItemFilters({}, 'public').includePending).toBe(false);
    expect(parseItemFilters({ status: 'sold' }, 'public').includePending).toBe(false);
  });

  it('defaults to newest first, 24 per page', () => {
    expect(parseItemFilters({}, 'public')).toMatchObject({ sort: 'newest', limit: 24 });
  });

  it('sorts and de-duplicates tag slugs so equal filters are equal', () => {
    expect(parseItemFilters({ tags: 'teak,oak,teak' }, 'public').tagSlugs).toEqual(['oak', 'teak']);
  });

  it.each(['', ',', 'teak,', 'Teak', 'te ak', 'teak,,oak'])(
    'refuses tags=%j naming the parameter',
    (tags) => {
      expect(refusal(() => parseItemFilters({ tags }, 'public'))).toMatchObject({
        code: 'invalid_parameter',
        field: 'tags',
      });
    },
  );

  it('refuses max_price below min_price', () => {
    const error = refusal(() => parseItemFilters({ min_price: 500, max_price: 100 }, 'admin'));
    expect(error).toMatchObject({ code: 'invalid_parameter', field: 'max_price' });
  });

  it('turns q into prefix terms ANDed together', () => {
    expect(parseItemFilters({ q: 'Teak  tab!' }, 'public').search).toBe('teak:* & tab:*');
  });

  it('refuses q without a letter or digit', () => {
    expect(refusal(() => parseItemFilters({ q: '!!!' }, 'public'))).toMatchObject({ field: 'q' });
  });

  it('reads back a cursor it gave out', () => {
    const cursor = encodeCursor({ sort: 'price_asc', key: 1500, id: 7 });
    expect(parseItemFilters({ sort: 'price_asc', cursor }, 'public').cursor).toEqual({
      sort: 'price_asc',
      key: 1500,
      id: 7,
    });
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['another sort order', encodeCursor({ sort: 'price_desc', key: 1500, id: 7 })],
    [
      'a bad timestamp',
      Buffer.from(JSON.stringify(['newest', 'yesterday', 7])).toString('base64url'),
    ],
    ['a negative id', Buffer.from(JSON.stringify(['price_asc', 100, -1])).toString('base64url')],
  ])('refuses a cursor that is %s', (_case, cursor) => {
    expect(refusal(() => parseItemFilters({ sort: 'price_asc', cursor }, 'public'))).toMatchObject({
      code: 'invalid_parameter',
      field: 'cursor',
    });
  });
});
