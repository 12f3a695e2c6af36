// What letting go of every kept card costs at the end of a reload (item-cards.ts:
// forgetBefore, a new life makes every card of the last one untrue): a million
// cards of 150 packed bytes kept, then `retain` keeping none. Prints ms, three rounds.
// The compiled code, as the server runs it:
//   npm run build && npx tsx bench/card-store-retain.ts
import type * as StoreModule from '../src/modules/storefront/card-store.js';

const built = '../dist/modules/storefront/';
const { CardStore } = (await import(`${built}card-store.js`)) as typeof StoreModule;

const CARDS = 1_000_000;
const bytes = new Uint8Array(150).fill(7);
for (let round = 0; round < 3; round++) {
  const store = new CardStore();
  for (let id = 1; id <= CARDS; id++)
    store.add(id, { epoch: 'e', life: 1, version: 1 }, bytes, 600);
  const began = process.hrtime.bigint();
  store.retain((slot) => store.sameLife(slot, { epoch: 'e', life: 2, version: 1 }));
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  console.log(
    `round ${round + 1}: ${ms.toFixed(1)} ms to let ${CARDS} cards go (${store.count} kept)`,
  );
}
