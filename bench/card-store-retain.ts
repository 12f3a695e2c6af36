// What letting go of every kept card costs at the end of a reload (item-cards.ts:
// forgetBefore, a new life makes every card of the last one untrue): a million
// cards of 150 packed bytes kept, then a reload's retainLife: of a new life (none kept)
// or of the same life (all kept). Prints ms, three rounds.
// The compiled code, as the server runs it:
//   npm run build && npx tsx bench/card-store-retain.ts
import type * as StoreModule from '../src/modules/storefront/card-store.js';

const built = '../dist/modules/storefront/';
const { CardStore } = (await import(`${built}card-store.js`)) as typeof StoreModule;

const CARDS = 1_000_000;
const bytes = new Uint8Array(150).fill(7);
// Within a life (a reload after a category edit) every card stays; a new life lets all go.
const cases = [
  { name: 'a new life', life: 2 },
  { name: 'the same life', life: 1 },
];
for (let round = 0; round < 3; round++) {
  for (const { name, life } of cases) {
    const store = new CardStore();
    for (let id = 1; id <= CARDS; id++)
      store.add(id, { epoch: 'e', life: 1, version: 1 }, bytes, 600);
    // The epoch as a reader's view carries it: equal text, another string.
    const at = { epoch: ['e'].join(''), life, version: 1 };
    const began = process.hrtime.bigint();
    store.retainLife(at);
    const ms = Number(process.hrtime.bigint() - began) / 1e6;
    console.log(
      `round ${round + 1}, ${name}: ${ms.toFixed(1)} ms over ${CARDS} cards (${store.count} kept)`,
    );
  }
}
