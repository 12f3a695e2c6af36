import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../db/seed/random.js';
import { catalogueIndex, type IndexRow } from './catalogue-index.js';
import type { Cursor, ItemFilters } from './item-filters.js';
import type { ItemKey } from './items.repository.js';

// A searched term's rows are kept once it is searched a second time: a rare term
// (at most 1/8 of the rows) as lists in both sort orders that the search walks,
// a common one as a bitset. Both must answer exactly what filtering every row
// answers, alone and with price bounds, categories, tags, sorts and cursors,
// and stay exact as rows are put, changed and removed. In memory, no database:
// a catalogue large enough for both kinds of term (catalogue-index.test.ts
// compares the index with the SQL on both back ends).

/** The seed's generator (mulberry32): a failure names the case that made it. */
function random(seed: number) {
  const { next } = seededRandom(seed);
  return { next, int: (n: number) => Math.floor(next() * n) };
}

/** Each word with the share of rows that carry it: rare ones keep lists, common ones bitsets. */
const WORDS: Array<[string, number]> = [
  ['lamp', 0.03],
  ['lantern', 0.06],
  ['oak', 0.1],
  ['teak', 0.3],
  ['table', 0.6],
];
const TERMS = ['lamp', 'lan', 'la', 'oak', 'teak', 'tea', 'table', 't', 'nothing', 'z'];
const ROWS = 3_000;

const rng = random(23);
let nextId = 1;

function row(id = nextId++): IndexRow {
  return {
    id,
    status: (['available', 'reserved', 'sold'] as const)[rng.int(3)]!,
    price_cents: 500 + 100 * rng.int(400),
    condition: null,
    listed_at: `2026-01-${String(1 + rng.int(28)).padStart(2, '0')}T12:00:00.000000Z`,
    category_path: rng.next() < 0.3 ? [1, 2] : [1],
    tag_ids: rng.next() < 0.5 ? [7] : [],
    lexemes: WORDS.filter(([, share]) => rng.next() < share).map(([word]) => word),
  };
}

/** What the index must answer: every row filtered, sorted, after the cursor, one past the page. */
function reference(rows: Map<number, IndexRow>, filters: ItemFilters, terms: string[]): ItemKey[] {
  const newest = (a: IndexRow, b: IndexRow) =>
    a.listed_at !== b.listed_at ? (a.listed_at > b.listed_at ? -1 : 1) : b.id - a.id;
  const cheapest = (a: IndexRow, b: IndexRow) => a.price_cents - b.price_cents || a.id - b.id;
  const order =
    filters.sort === 'newest'
      ? newest
      : filters.sort === 'price_asc'
        ? cheapest
        : (a: IndexRow, b: IndexRow) => cheapest(b, a);
  const cursor = filters.cursor;
  const asRow = (c: Cursor): IndexRow =>
    c.sort === 'newest'
      ? { ...row0, id: c.id, listed_at: c.key }
      : { ...row0, id: c.id, price_cents: c.key };
  return [...rows.values()]
    .filter(
      (r) =>
        (filters.categoryId === undefined || r.category_path.includes(filters.categoryId)) &&
        (filters.tagSlugs === undefined || r.tag_ids.includes(7)) &&
        (filters.minPrice === undefined || r.price_cents >= filters.minPrice) &&
        (filters.maxPrice === undefined || r.price_cents <= filters.maxPrice) &&
        terms.every((term) => r.lexemes.some((lexeme) => lexeme.startsWith(term))) &&
        (!cursor || order(asRow(cursor), r) < 0),
    )
    .sort(order)
    .slice(0, filters.limit + 1)
    .map((r) => ({ id: r.id, price_cents: r.price_cents, listed_at: r.listed_at }));
}
const row0: IndexRow = {
  id: 0,
  status: 'available',
  price_cents: 0,
  condition: null,
  listed_at: '',
  category_path: [],
  tag_ids: [],
  lexemes: [],
};

function randomFilters(): { filters: ItemFilters; terms: string[] } {
  const terms = [TERMS[rng.int(TERMS.length)]!];
  if (rng.next() < 0.2) terms.push(TERMS[rng.int(TERMS.length)]!);
  const filters: ItemFilters = {
    includePending: false,
    sort: (['newest', 'price_asc', 'price_desc'] as const)[rng.int(3)]!,
    limit: 1 + rng.int(30),
    search: terms.join(' '),
  };
  if (rng.next() < 0.2) filters.categoryId = 2;
  if (rng.next() < 0.2) filters.tagSlugs = ['walnut'];
  if (rng.next() < 0.5) filters.minPrice = 500 + 100 * rng.int(400);
  if (rng.next() < 0.3) filters.maxPrice = (filters.minPrice ?? 500) + 100 * rng.int(400);
  return { filters, terms };
}

describe('searched terms in the storefront index', () => {
  const rows = new Map<number, IndexRow>();
  for (let i = 0; i < ROWS; i++) {
    const r = row();
    rows.set(r.id, r);
  }
  const index = catalogueIndex([...rows.values()], new Map([['walnut', 7]]));

  /** `count` random searches, each followed to its third page, against the reference. */
  function compare(count: number) {
    for (let n = 0; n < count; n++) {
      const { filters: first, terms } = randomFilters();
      let filters = first;
      for (let page = 0; page < 3; page++) {
        const expected = reference(rows, filters, terms);
        expect(index.keys(filters, terms), JSON.stringify({ n, page, filters })).toEqual(expected);
        const last = expected[filters.limit - 1];
        if (expected.length <= filters.limit || !last) break;
        const cursor: Cursor =
          filters.sort === 'newest'
            ? { sort: 'newest', key: last.listed_at, id: last.id }
            : { sort: filters.sort, key: last.price_cents, id: last.id };
        filters = { ...filters, cursor };
      }
    }
  }

  it('answers each term as filtering every row does, the first time and once its rows are kept', () => {
    // Each term's first search matches rows one by one; later ones use its kept rows.
    compare(400);
  });

  it('keeps every kept term exact as rows are put, changed and removed', () => {
    compare(100);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 200; i++) {
        const ids = [...rows.keys()];
        const roll = rng.next();
        if (roll < 0.3) {
          const r = row();
          rows.set(r.id, r);
          index.put(r);
        } else if (roll < 0.6) {
          const id = ids[rng.int(ids.length)]!;
          rows.delete(id);
          index.remove(id);
        } else {
          // The same item with new words, price and date: it moves in every list.
          const id = ids[rng.int(ids.length)]!;
          const changed = row(id);
          rows.set(id, changed);
          index.put(changed);
        }
      }
      compare(100);
    }
  });
});
