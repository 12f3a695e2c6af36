import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueIndex, type IndexRow } from './catalogue-index.js';
import { textOf } from './index-columns.js';
import { parseItemFilters } from './item-filters.js';

// A load numbers its rows newest first (ItemColumns.reordering): whatever order the
// snapshot gives them in, every item's newest order is then slots 0, 1, 2, … and a
// newest-first page reads neighbouring slots of every column.

const BASE = Date.UTC(2026, 0, 1);
const row = (id: number, minute: number): IndexRow => ({
  id,
  status: 'available',
  price_cents: 100 + id,
  listed_at: textOf(BASE + minute * 60_000, id % 1000),
  category_path: [1 + (id % 3)],
  tag_ids: [10 + (id % 2)],
  condition: null,
  lexemes: ['oak'],
});

describe('a load', () => {
  it('numbers its rows newest first, whatever order they came in, and finds the same pages', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(20), { minLength: 60, maxLength: 60 }),
        (ids, minutes) => {
          const rows = ids.map((id, i) => row(id, minutes[i]!));
          const index = catalogueIndex(rows, new Map());
          const every = index.queryOf(parseItemFilters({}, 'public')).all;
          expect(Array.from(every.newest)).toEqual(rows.map((_, slot) => slot));
          const newestFirst = [...rows]
            .sort((a, b) =>
              a.listed_at !== b.listed_at ? (a.listed_at > b.listed_at ? -1 : 1) : b.id - a.id,
            )
            .map((r) => r.id);
          expect(Array.from(index.ids())).toEqual(newestFirst);
          const page = index.keys(parseItemFilters({ category: 2, limit: 5 } as never, 'public'));
          expect(page.map((key) => key.id)).toEqual(
            newestFirst.filter((id) => 1 + (id % 3) === 2).slice(0, 6),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
