import { describe, expect, it } from 'vitest';
import { catalogueIndex, type IndexRow } from './catalogue-index.js';
import { parseItemFilters } from './item-filters.js';

// A hold, its release and a sale change only an item's status (an owner's note of
// its condition only its condition): the index writes them where the row is, and
// every list, order and search must answer as if the row had been placed again.

const row = (id: number, changes: Partial<IndexRow> = {}): IndexRow => ({
  id,
  status: 'available',
  price_cents: 1_000 * id,
  listed_at: `2026-01-0${id}T12:00:00.000000Z`,
  category_path: [1],
  tag_ids: [7],
  condition: null,
  lexemes: ['oak', 'tabl'],
  ...changes,
});

const SLUGS = new Map([['oak', 7]]);
// As the route's schema hands them over: numbers already numbers.
const ids = (index: ReturnType<typeof catalogueIndex>, query: Record<string, string | number>) =>
  index.keys(parseItemFilters({ limit: 10, ...query }, 'public')).map((key) => key.id);

describe('an item whose status or condition alone changes', () => {
  it('answers each status and condition filter as it is now, in its place in every order', () => {
    const index = catalogueIndex(
      [1, 2, 3].map((id) => row(id)),
      SLUGS,
    );
    index.put(row(2, { status: 'reserved' }));
    index.put(row(3, { status: 'sold', condition: 'good' }));

    expect(ids(index, { status: 'available' })).toEqual([1]);
    expect(ids(index, { status: 'reserved' })).toEqual([2]);
    expect(ids(index, { status: 'sold', condition: 'good' })).toEqual([3]);
    expect(ids(index, { condition: 'good' })).toEqual([3]);
    expect(ids(index, {})).toEqual([3, 2, 1]);
    expect(ids(index, { sort: 'price_asc', tags: 'oak', category: 1 })).toEqual([1, 2, 3]);

    index.put(row(2));
    expect(ids(index, { status: 'available' })).toEqual([2, 1]);
    expect(ids(index, { status: 'reserved' })).toEqual([]);
  });

  it('leaves every list as it was, and moves nothing, for a status change alone', () => {
    const index = catalogueIndex(
      [1, 2, 3].map((id) => row(id)),
      SLUGS,
    );
    const lists = () => {
      const { musts, all } = index.queryOf(
        parseItemFilters({ category: 1, tags: 'oak' }, 'public'),
      );
      return [all, ...musts!.map((must) => must.list!)];
    };
    const changes = () => lists().map((list) => list.changes);
    const before = changes();
    index.put(row(2, { status: 'sold', condition: 'fair' }));
    expect(changes()).toEqual(before);
    // Each other field alone moves the row: its lists change.
    for (const changed of [
      { listed_at: '2026-01-09T12:00:00.000000Z' },
      { price_cents: 5 },
      { lexemes: ['oak'] },
      { tag_ids: [7, 8] },
      { category_path: [1, 3] },
    ]) {
      const was = changes();
      index.put(row(2, { status: 'sold', condition: 'fair', ...changed }));
      expect(changes(), JSON.stringify(changed)).not.toEqual(was);
      index.put(row(2, { status: 'sold', condition: 'fair' }));
    }
    expect(ids(index, { sort: 'newest' })).toEqual([3, 2, 1]);
    expect(index.keys(parseItemFilters({}, 'public'), ['tabl']).map((key) => key.id)).toEqual([
      3, 2, 1,
    ]);
  });

  it('moves a row whose price, tags, category or words changed with it', () => {
    const index = catalogueIndex(
      [1, 2, 3].map((id) => row(id)),
      SLUGS,
    );
    index.put(row(1, { status: 'reserved', price_cents: 9_000 }));
    index.put(row(2, { tag_ids: [] }));
    index.put(row(3, { category_path: [2], lexemes: ['pine'] }));

    expect(ids(index, { sort: 'price_asc' })).toEqual([2, 3, 1]);
    expect(ids(index, { tags: 'oak' })).toEqual([3, 1]);
    expect(ids(index, { category: 1 })).toEqual([2, 1]);
    expect(ids(index, { status: 'reserved' })).toEqual([1]);
    expect(index.keys(parseItemFilters({}, 'public'), ['pine']).map((key) => key.id)).toEqual([3]);
    expect(index.keys(parseItemFilters({}, 'public'), ['oak']).map((key) => key.id)).toEqual([
      2, 1,
    ]);
  });
});
