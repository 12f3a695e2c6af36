// The storefront index's own memory and build time, apart from the server:
//   node --expose-gc --import tsx bench/index-memory.ts --items 1000000
// Rows are made up in the seed's shape (a category path of 2-3, 0-4 tags, about a
// dozen lexemes from a vocabulary whose common words are common), so the figure is
// the index's alone: heap and external memory kept once the rows it was built from
// are gone, and what it held while building. No database, no HTTP.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { seededRandom } from '../src/db/seed/random.js';
import { type IndexRow, indexLoad } from '../src/modules/storefront/catalogue-index.js';
import { runInSlices, turn } from '../src/modules/storefront/work-slices.js';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' } } });
const items = Number(values.items);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const random = seededRandom(35);
const VOCABULARY = Array.from({ length: 20_000 }, (_, n) => `w${n.toString(36)}`);
// Word n is drawn about 1/n as often: a few words on many items, most on few.
const word = () => VOCABULARY[Math.floor(VOCABULARY.length ** random.next()) - 1]!;
const CONDITIONS = [null, 'new', 'like_new', 'good', 'fair', 'for_parts'] as const;
const BASE = Date.UTC(2024, 0, 1);

function madeUp(id: number): IndexRow {
  const top = random.int(1, 12);
  const path = [top, 100 + top * 10 + random.int(0, 9)];
  if (random.next() < 0.5) path.push(1_000 + path[1]! * 10 + random.int(0, 9));
  const tags = new Set<number>();
  for (let n = random.int(0, 4); n > 0; n--) tags.add(random.int(1, 40));
  const lexemes = new Set<string>();
  for (let n = random.int(8, 16); n > 0; n--) lexemes.add(word());
  const at = new Date(BASE + id * 1_000 + random.int(0, 999));
  return {
    id,
    status: random.next() < 0.9 ? 'available' : random.next() < 0.5 ? 'reserved' : 'sold',
    price_cents: random.int(500, 50_000),
    listed_at: at.toISOString().replace('Z', `${random.int(0, 9)}${random.int(0, 9)}0Z`),
    category_path: path,
    tag_ids: [...tags],
    condition: CONDITIONS[random.int(0, CONDITIONS.length - 1)]!,
    lexemes: [...lexemes],
  };
}

// `external` includes the typed arrays' buffers (arrayBuffers is a part of it).
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

gc();
const before = used();
let rows: IndexRow[] | null = Array.from({ length: items }, (_, i) => madeUp(i + 1));
gc();
const withRows = used();
// Built as the server builds it: a page of rows at a time as they are read (a turn
// of the event loop between pages), then sorted and dealt in slices; the event
// loop's delay over the build is what a request arriving meanwhile waits.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const started = performance.now();
const load = indexLoad();
for (let from = 0; from < rows.length; from += 5_000) {
  load.expect(items);
  await runInSlices(load.adding(rows.slice(from, from + 5_000)));
  await turn();
}
const index = await runInSlices(load.finishing(new Map()));
const buildMs = performance.now() - started;
delay.disable();
const building = used();
rows = null;
gc();
const kept = used() - before;
// One search each way, so the figure includes what answering costs to keep.
index.keys({ includePending: false, sort: 'newest', limit: 24 });
console.log(
  JSON.stringify({
    items: index.size,
    rowsMade: mb(withRows - before),
    buildMs: Math.round(buildMs),
    loopDelayMaxMs: Math.round(delay.max / 1e6),
    loopDelayP99Ms: Math.round(delay.percentile(99) / 1e6),
    heldWhileBuilding: mb(building - before),
    indexKept: mb(kept),
    bytesPerItem: Math.round(kept / index.size),
    rss: mb(process.memoryUsage().rss),
  }),
);
if (process.env.SNAPSHOT) (await import('node:v8')).writeHeapSnapshot(process.env.SNAPSHOT);
(globalThis as { keptIndex?: unknown }).keptIndex = index;
