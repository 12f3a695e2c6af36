// The kept item JSON (src/modules/storefront/item-cards.ts) at 100,000 cards of ~900
// bytes: what each card costs in memory beyond its bytes (the heap's growth over
// the cards' bytes, after a full collection: the basis of CARD_OVERHEAD), what looking
// up a list page's 24 cards costs (`known`, the hot path of an uncached page: random
// ids as deep pages ask, or among the newest 500 as first pages do), and what a card
// made and kept costs when the budget is full (each pushes out the least recently served).
//   node --expose-gc --import tsx bench/item-cards.ts
import { itemCards } from '../src/modules/storefront/item-cards.js';
import type { Item } from '../src/modules/storefront/items.schemas.js';

const CARDS = 100_000;
const PAGE = 24;
const LOOKUPS = 200_000;

const view = {
  epoch: 'bench',
  life: 1,
  version: 1,
  tag: 'bench-1',
  changedSince: () => false,
};
const item = (id: number): Item => ({
  id,
  title: `Oak side table ${id}`,
  description: 'Solid oak, waxed; a drawer with dovetail joints. '.repeat(10),
  status: 'available',
  price_cents: 1000 + id,
  category: { id: 1 + (id % 10), name: 'Tables', slug: 'tables' },
  images: [],
  tags: [],
  created_at: '2026-01-01T00:00:00.000Z',
  published_at: '2026-01-01T00:00:00.000Z',
  sold_at: null,
  weight_grams: null,
  dimensions: { width_mm: null, height_mm: null, depth_mm: null },
  condition: null,
  condition_note: null,
});

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { used: m.heapUsed, external: m.external };
};

const before = heap();
const cards = itemCards(150 * 1024 * 1024);
let bytes = 0;
for (let id = 1; id <= CARDS; id++) bytes += cards.keep(item(id), view).length;
const after = heap();
console.log(
  `memory beyond the cards' bytes: ${((after.used - before.used) / CARDS).toFixed(0)} bytes of heap a card (external grew ${((after.external - before.external) / CARDS).toFixed(0)} a card, the bytes themselves)`,
);

// A fixed pseudo-random sequence, so before and after look up the same pages.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pages = (spread: number) =>
  Array.from({ length: 1000 }, () =>
    Array.from({ length: PAGE }, () => CARDS - Math.floor(random() * spread)),
  );

function run(label: string, list: number[][], touch = true): void {
  let best = Number.POSITIVE_INFINITY;
  let found = 0;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < LOOKUPS; i++) {
      const got = cards.known(list[i % list.length]!, view, touch);
      if (got[0] !== undefined) found++;
    }
    best = Math.min(best, Number(process.hrtime.bigint() - start) / LOOKUPS);
  }
  if (found === 0) throw new Error('no card found');
  console.log(`${label}: ${best.toFixed(0)} ns per page of ${PAGE} (best of 5 × ${LOOKUPS})`);
}

console.log(`${CARDS} cards, ${(bytes / CARDS).toFixed(0)} bytes each on average`);
run('newest 500, 24 a page', pages(500));
run('any of 100k, 24 a page', pages(CARDS));
run('any of 100k, 24 a page, not served (warming looks)', pages(CARDS), false);

// The budget full: each new card pushes out the least recently served.
const full = itemCards(bytes + CARDS * 400);
for (let id = 1; id <= CARDS; id++) full.keep(item(id), view);
const made = item(0);
let best = Number.POSITIVE_INFINITY;
for (let round = 0; round < 5; round++) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 50_000; i++) {
    made.id = CARDS + 1 + round * 50_000 + i;
    full.keep(made, view);
  }
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 50_000);
}
console.log(`keep with the budget full: ${best.toFixed(0)} ns a card (best of 5 × 50000)`);
