// The longest single steps of the storefront index's load (catalogue-index.ts:
// indexLoad), on N synthetic rows shaped like the bench seed's (4 category levels,
// 3 tags, 30 lexemes from a skewed vocabulary, random times and prices), added in
// pages of 125 as the mirror adds them and then finished. A step is what runs
// between two yields: the event loop waits for one at most a slice (3 ms) plus the
// longest step. Prints the step count, total and longest per phase, and every step
// over 5 ms by its number (the server's own delay: bench/index-load.ts).
// The compiled code, with the server's allocator settings:
//   npm run build && MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576 npx tsx bench/index-load-steps.ts [rows, default 950000]
import type * as IndexModule from '../src/modules/storefront/catalogue-index.js';
import type { IndexRow } from '../src/modules/storefront/catalogue-index.js';
import type { Steps } from '../src/modules/storefront/work-slices.js';

const built = '../dist/modules/storefront/';
const { indexLoad } = (await import(`${built}catalogue-index.js`)) as typeof IndexModule;

const ROWS = Number(process.argv[2] ?? 950_000);
const PAGE = 125;
const WORDS = Array.from({ length: 6_000 }, (_, i) => `w${i.toString(36)}x`);
const START = Date.UTC(2024, 0, 1);
const TWO_YEARS_MS = 2 * 365 * 86_400_000;
// A fixed sequence, so runs compare (a linear congruential generator).
let state = 1;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
  return state / 0x7fffffff;
};

function rowOf(id: number): IndexRow {
  const ms = START + Math.floor(random() * TWO_YEARS_MS);
  const lexemes = new Set<string>();
  // Skewed: a few words are on many rows, as a shop's commonest are.
  while (lexemes.size < 30) lexemes.add(WORDS[Math.floor(random() ** 2 * WORDS.length)]!);
  return {
    id,
    status: 'available',
    price_cents: Math.floor(random() * 100_000),
    listed_at: `${new Date(ms).toISOString().slice(0, 23)}${String(id % 1_000).padStart(3, '0')}Z`,
    category_path: [1 + (id % 3), 10 + (id % 12), 100 + (id % 48), 1_000 + (id % 240)],
    tag_ids: [...new Set([id % 200, (id * 7) % 200, (id * 13) % 200])]
      .map((tag) => 2_000 + tag)
      .sort((a, b) => a - b),
    condition: null,
    lexemes: [...lexemes],
  };
}

interface Phase {
  steps: number;
  totalMs: number;
  maxMs: number;
  over5: string[];
}
const phase = (): Phase => ({ steps: 0, totalMs: 0, maxMs: 0, over5: [] });

function timed<T>(steps: Steps<T>, into: Phase, label = ''): T {
  for (;;) {
    const started = performance.now();
    const step = steps.next();
    const ms = performance.now() - started;
    into.steps++;
    into.totalMs += ms;
    into.maxMs = Math.max(into.maxMs, ms);
    if (ms > 5) into.over5.push(`${label}${into.steps}:${Math.round(ms)}`);
    if (step.done) return step.value;
  }
}

const load = indexLoad();
const adding = phase();
for (let first = 1; first <= ROWS; first += PAGE) {
  const page: IndexRow[] = [];
  for (let id = first; id < Math.min(ROWS + 1, first + PAGE); id++) page.push(rowOf(id));
  // As the mirror does for each page read (catalogue-mirror.ts).
  timed(load.expecting(ROWS), adding, `row ${first}, room, step `);
  timed(load.adding(page), adding, `row ${first}, step `);
}
const finishing = phase();
timed(load.finishing(new Map()), finishing);

const line = (name: string, p: Phase) =>
  `${name}: ${p.steps} steps, ${Math.round(p.totalMs)} ms, longest ${p.maxMs.toFixed(1)} ms; over 5 ms: ${p.over5.slice(0, 20).join(', ') || 'none'}`;
console.log(`${ROWS} rows`);
console.log(line('adding', adding));
console.log(line('finishing', finishing));
