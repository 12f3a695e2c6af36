// What spelling a list key's listed_at costs (src/modules/storefront/index-columns.ts:
// `textOf`, made for every key of a list page) against the same text through a Date
// (`isoText`): a million times over a year of random times, best of three rounds.
//   npx tsx bench/listed-at-text.ts
import { isoText, textOf } from '../src/modules/storefront/index-columns.js';

const N = 1_000_000;
const from = Date.UTC(2026, 0, 1);
const ms = Float64Array.from(
  { length: N },
  () => from + Math.floor(Math.random() * 365 * 86_400_000),
);
const us = Uint16Array.from({ length: N }, () => Math.floor(Math.random() * 1000));
for (let i = 0; i < N; i += 997) {
  if (textOf(ms[i]!, us[i]!) !== isoText(ms[i]!, us[i]!)) throw new Error(`differs at ${ms[i]}`);
}
for (const [name, spell] of [
  ['textOf (tables)', textOf],
  ['isoText (a Date)', isoText],
] as const) {
  let best = Number.POSITIVE_INFINITY;
  let length = 0;
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < N; i++) length += spell(ms[i]!, us[i]!).length;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / N);
  }
  console.log(`${name}: ${best.toFixed(0)} ns a key (${length} characters spelt)`);
}
