// The storefront index's search for a deep cursor page, in one process: a 100k-row
// index built as the server builds it (its slots newest first, as a load numbers
// them), then a newest-first page after each of 5,000 cursors, with the processor's
// caches swept between searches (32 MB touched) as a busy server's other work does.
// Prints µs per search, three rounds. A deep page's cost is memory, not work: with
// warm caches the same search costs a third of this.
// The compiled code, as the server runs it (tsx's own transform costs this loop a third more).
//   npm run build && npx tsx bench/deep-page-keys.ts
import type * as IndexModule from '../src/modules/storefront/catalogue-index.js';
import type { IndexRow } from '../src/modules/storefront/catalogue-index.js';
import type * as FiltersModule from '../src/modules/storefront/item-filters.js';

const built = '../dist/modules/storefront/';
const { catalogueIndex } = (await import(`${built}catalogue-index.js`)) as typeof IndexModule;
const { encodeCursor, parseItemFilters } = (await import(
  `${built}item-filters.js`
)) as typeof FiltersModule;

const ROWS = 100_000;
const SEARCHES = 5_000;
const start = Date.UTC(2025, 0, 1);

// Instants a minute apart in an order unrelated to the ids, with microseconds.
const rows: IndexRow[] = [];
for (let id = 1; id <= ROWS; id++) {
  const instant = new Date(start + ((id * 7919) % ROWS) * 60_000 + (id % 997));
  rows.push({
    id,
    status: 'available',
    price_cents: 500 + ((id * 31) % 40_000),
    listed_at: instant.toISOString().replace('Z', '123Z'),
    category_path: [1 + (id % 10)],
    condition: null,
    tag_ids: [1 + (id % 40)],
    lexemes: ['lamp'],
  });
}
rows.sort((a, b) =>
  a.listed_at !== b.listed_at ? (a.listed_at > b.listed_at ? -1 : 1) : b.id - a.id,
);
const index = catalogueIndex(rows, new Map());
const cursors = rows.map((row) => encodeCursor({ sort: 'newest', key: row.listed_at, id: row.id }));

const sweep = new Uint8Array(32 * 1024 * 1024);
let sink = 0;
for (let round = 0; round < 3; round++) {
  let spent = 0n;
  for (let n = 0; n < SEARCHES; n++) {
    for (let at = 0; at < sweep.length; at += 64 * 7) sink += sweep[(at * 13) % sweep.length]!++;
    const cursor = cursors[(n * 7919 + round * 131) % ROWS]!;
    const filters = parseItemFilters({ cursor }, 'public');
    const began = process.hrtime.bigint();
    sink += index.keys(filters).length;
    spent += process.hrtime.bigint() - began;
  }
  console.log(`round ${round + 1}: ${(Number(spent) / SEARCHES / 1000).toFixed(2)} µs a deep page`);
}
if (sink === 0) console.log('(nothing found)');
