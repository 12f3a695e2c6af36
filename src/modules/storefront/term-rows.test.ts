import { describe, expect, it } from 'vitest';
import { ItemColumns } from './index-columns.js';
import { Postings } from './index-postings.js';
import { termDictionary } from './term-dictionary.js';
import { termRows } from './term-rows.js';

// A stranger sending a new word on every request must not push out the terms
// customers search again: a first search of a rare word is answered from the
// dictionary without being kept.

describe('searched terms kept', () => {
  const columns = new ItemColumns();
  const dictionary = termDictionary();
  for (let slot = 0; slot < 400; slot++) {
    const lexemes = slot % 10 === 0 ? ['lamp', `word${slot}`] : [`word${slot}`];
    columns.write(slot, {
      id: slot + 1,
      status: 'available',
      price_cents: 1000 + slot,
      listed_at: `2026-01-01T12:00:00.${String(999 - slot).padStart(3, '0')}000Z`,
      category_path: [],
      tag_ids: [],
      condition: null,
      lexemes,
    });
    dictionary.add(slot, lexemes);
  }
  const every = Postings.of(
    columns,
    Array.from({ length: 400 }, (_, slot) => slot),
  );
  const rows = termRows(columns, dictionary, () => every);

  it('answers a rare word’s first search from the dictionary', () => {
    const found = rows.of('word399');
    expect(Array.from(found?.list?.newest ?? [], (slot) => columns.ids[slot])).toEqual([400]);
    expect(rows.of('zzz')?.list?.size).toBe(0);
    // Made for this search only: no intersection with it is kept (index-postings.ts).
    expect(found?.list?.oneOff).toBe(true);
  });

  it('keeps a repeated term while strangers send hundreds of new words', () => {
    rows.of('lamp');
    const kept = rows.of('lamp')?.list;
    expect(kept?.size).toBe(40);
    // One row in ten: its orders picked out of every item's, as sorting its rows gives them.
    const sorted = Postings.of(
      columns,
      Array.from({ length: 40 }, (_, n) => n * 10),
    );
    expect(kept!.newest).toEqual(sorted.newest);
    expect(kept!.cheapest).toEqual(sorted.cheapest);
    for (let n = 0; n < 300; n++) rows.of(`stranger${n}`);
    expect(rows.of('lamp')?.list).toBe(kept);
  });
});
