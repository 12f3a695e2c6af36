// What the storefront index pays to apply a commit of 500 changed items (the most
// one announcement names before it says "everything"), on a synthetic catalogue
// of N rows built as the server builds it: 500 holds or releases (status alone),
// then 500 price edits (each row moved in the price orders). Prints ms a batch,
// the event loop's whole stretch, as `apply` runs it (catalogue-mirror.ts).
// The compiled code, as the server runs it:
//   npm run build && npx tsx bench/index-apply.ts [rows, default 1000000]
import type * as IndexModule from '../src/modules/storefront/catalogue-index.js';
import type { IndexRow } from '../src/modules/storefront/catalogue-index.js';

const built = '../dist/modules/storefront/';
const { catalogueIndex } = (await import(`${built}catalogue-index.js`)) as typeof IndexModule;

const ROWS = Number(process.argv[2] ?? 1_000_000);
const BATCH = 500;
// A vocabulary where a few words are on a tenth of the rows, as a shop's commonest are.
const WORDS = Array.from({ length: 5_000 }, (_, i) => `w${i.toString(36)}`);
const wordOf = (id: number, k: number) =>
  WORDS[Math.floor(5_000 * (((id * 31 + k * 7) % 997) / 997) ** 3)]!;
const start = Date.UTC(2025, 0, 1);

const rowOf = (id: number, changes: Partial<IndexRow> = {}): IndexRow => ({
  id,
  status: 'available',
  price_cents: 500 + ((id * 31) % 40_000),
  listed_at: new Date(start + (ROWS - id) * 60_000).toISOString().replace('Z', '000Z'),
  category_path: [1 + (id % 5), 10 + (id % 30)],
  tag_ids: [1 + (id % 40), 41 + (id % 7)],
  condition: null,
  lexemes: [...new Set(Array.from({ length: 30 }, (_, k) => wordOf(id, k)))].sort(),
  ...changes,
});

const rows: IndexRow[] = [];
for (let id = ROWS; id >= 1; id--) rows.push(rowOf(id));
const index = catalogueIndex(rows, new Map());
rows.length = 0;

const timed = (name: string, changes: (id: number) => Partial<IndexRow>) => {
  for (let round = 0; round < 3; round++) {
    const batch = Array.from(
      { length: BATCH },
      (_, i) => 1 + ((i * 7919 + round * 104_729) % ROWS),
    );
    const began = performance.now();
    for (const id of batch) index.put(rowOf(id, changes(id)));
    console.log(
      `${name}, round ${round + 1}: ${(performance.now() - began).toFixed(1)} ms for ${BATCH}`,
    );
  }
};
console.log(`${ROWS} rows`);
timed('held (status alone)', () => ({ status: 'reserved' }));
timed('released (status alone)', () => ({ status: 'available' }));
timed('price edited', (id) => ({ price_cents: 777 + (id % 50) }));
