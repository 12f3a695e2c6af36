// The kept item JSON (src/modules/storefront/item-cards.ts) at 100,000 cards shaped
// like the seed's (a photo with two list sizes, two tags, ~270 bytes of description):
// what each card costs in memory beyond its packed bytes (the heap's growth over them,
// after a full collection: the basis of CARD_OVERHEAD), what looking up a list page's
// 24 cards costs (`known`, the hot path of an uncached page: random ids as deep pages
// ask, or among the newest 500 as first pages do), what writing a page's cards out
// costs (unpacked, against copying the same JSON), and what a card made and kept
// costs when the budget is full (each pushes out the least recently served).
//   node --expose-gc --import tsx bench/item-cards.ts
import { CARD_OVERHEAD, type CardJson, itemCards } from '../src/modules/storefront/item-cards.js';
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
const hex = (id: number, salt: number) =>
  ((id * 2_654_435_761 + salt * 40_503) >>> 0).toString(16).padStart(8, '0').repeat(4);
const item = (id: number): Item => ({
  id,
  title: `Scandinavian walnut desk ${id}`,
  description:
    'A Scandinavian desk in walnut, made in the 1970s. A pedestal of three drawers on the right and a frieze drawer, dark handles. The drawers are dovetailed and run smoothly. Restored by hand. Width 112 cm, depth 63 cm, height 75 cm. Suits a bedroom or an office.',
  status: 'available',
  price_cents: 1000 + id,
  category: { id: 1 + (id % 10), name: 'Tables', slug: 'furniture-tables' },
  images: [
    {
      id: id * 2,
      url: `/media/items/${hex(id, 1)}.jpg`,
      width: 1040,
      height: 1300,
      position: 0,
      variants: [
        { width: 480, height: 600, url: `/media/variants/${hex(id, 2)}.webp` },
        { width: 960, height: 1200, url: `/media/variants/${hex(id, 3)}.webp` },
      ],
    },
  ],
  tags: [
    { id: 3 + (id % 7), name: 'Walnut', slug: 'walnut', colour: '#2f7d6d' },
    { id: 16 + (id % 5), name: 'Scandinavian', slug: 'scandinavian', colour: '#7d2f5a' },
  ],
  created_at: new Date(1_780_000_000_000 + id * 1000),
  published_at: new Date(1_780_000_100_000 + id * 1000),
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
let kept = 0;
const cards = itemCards(1024 * 1024 * 1024, (total) => {
  kept = total;
});
let bytes = 0;
for (let id = 1; id <= CARDS; id++) bytes += cards.keep(item(id), view).length;
const after = heap();
const packed = kept - CARDS * CARD_OVERHEAD;
// The arena's chunks are outside the heap, and counted whole though only touched as
// far as written: what it holds is its written bytes.
const grew = after.used - before.used + (after.external - before.external);
const arenaSlack = cards.arena().held - cards.arena().written;
console.log(
  `${CARDS} cards: JSON ${(bytes / CARDS).toFixed(0)} bytes, packed ${(packed / CARDS).toFixed(0)} bytes a card; heap and external grew ${(grew / CARDS).toFixed(0)} bytes a card (heap ${((after.used - before.used) / CARDS).toFixed(0)}), ${((grew - arenaSlack - packed) / CARDS).toFixed(0)} beyond the packed bytes, the newest chunk's unwritten part left out (CARD_OVERHEAD ${CARD_OVERHEAD})`,
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

run('newest 500, 24 a page', pages(500));
run('any of 100k, 24 a page', pages(CARDS));
run('any of 100k, 24 a page, not served (warming looks)', pages(CARDS), false);

// A page's 24 cards written into one body: unpacked, against copying their JSON.
const body = Buffer.allocUnsafeSlow(64 * 1024);
function time(label: string, pages: number, write: (i: number) => void): void {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 20_000; i++) write(i % pages);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 20_000);
  }
  console.log(`${label}: ${(best / 1000).toFixed(1)} µs a page of ${PAGE} (best of 5 × 20000)`);
}
{
  const list = pages(CARDS);
  const found = list.map((ids) => cards.known(ids, view, false) as CardJson[]);
  const json = found.map((page) => page.map((card) => cards.bytes(card)));
  time('write a page, packed cards', list.length, (i) => {
    let at = 0;
    for (const card of found[i]!) at = cards.write(card, body, at);
  });
  time('write a page, the same cards as JSON', list.length, (i) => {
    let at = 0;
    for (const card of json[i]!) at += card.copy(body, at);
  });
}

// Pages among the newest 500, as every first page's are, with the JSON of cards
// written out again kept (written-cards.ts; a sixty-fourth of the budget, as index.ts gives).
{
  const budget = 500 * 1024 * 1024;
  const hot = itemCards(budget - budget / 64, undefined, undefined, budget / 64);
  for (let id = CARDS - 999; id <= CARDS; id++) hot.keep(item(id), view);
  const found = pages(500).map((ids) => hot.known(ids, view, false) as CardJson[]);
  time('write a page of the newest 500, their JSON kept once written twice', found.length, (i) => {
    let at = 0;
    for (const card of found[i]!) at = hot.write(card, body, at);
  });
}

// The budget full: each new card pushes out the least recently served.
// Exactly the packed bytes of CARDS cards, as the store counts them: the next one pushes one out.
const full = itemCards(kept);
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
