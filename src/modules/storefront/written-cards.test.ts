import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeOf, WrittenCards } from './written-cards.js';

/** Each serial's JSON, as a card's bytes are: fixed for good, and different from every other's. */
const jsonOf = (serial: number) =>
  Buffer.from(`{"card":${serial}${'.'.repeat((serial * 7) % 23)}}`);

/** Writes a card as item-cards.ts does: its kept JSON, else unpacked (here: made) and offered. */
function writeCard(written: WrittenCards, serial: number, out: Buffer, at: number): number {
  const kept = written.writeInto(serial, out, at);
  if (kept >= 0) return kept;
  const end = at + jsonOf(serial).copy(out, at);
  written.written(serial, out, at, end);
  return end;
}

/**
 * What the ring should hold, kept in plain maps: each place's serial written once,
 * each place's card and where in the written stream it went, and the stream's length.
 */
class Model {
  private readonly seen = new Map<number, number>();
  private readonly kept = new Map<number, { serial: number; pos: number }>();
  private head = 0;

  constructor(
    private readonly budget: number,
    private readonly bits: number,
  ) {}

  /** Whether a write of `serial` now finds its JSON kept. */
  holds(serial: number): boolean {
    const entry = this.kept.get(placeOf(serial, this.bits));
    return entry?.serial === serial && entry.pos >= this.head - this.budget;
  }

  write(serial: number): void {
    if (this.holds(serial)) return;
    const length = jsonOf(serial).length;
    if (length > this.budget) return;
    const place = placeOf(serial, this.bits);
    if (this.seen.get(place) !== serial) {
      this.seen.set(place, serial);
      return;
    }
    this.seen.delete(place);
    const offset = this.head % this.budget;
    if (offset + length > this.budget) this.head += this.budget - offset;
    this.kept.set(place, { serial, pos: this.head });
    this.head += length;
  }
}

describe('the written cards', () => {
  it('write each card as it is, kept from its second write until written over, as the model keeps them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 20, maxLength: 300 }),
        fc.integer({ min: 0, max: 160 }),
        fc.integer({ min: 1, max: 16 }),
        (serials, budget, places) => {
          const written = new WrittenCards(budget, places);
          const model = new Model(budget, Math.ceil(Math.log2(places)));
          const out = Buffer.alloc(256);
          for (const serial of serials) {
            const kept = model.holds(serial);
            // Amid other bytes, as on a page.
            const end = writeCard(written, serial, out, 3);
            expect(out.subarray(3, end).toString()).toBe(jsonOf(serial).toString());
            expect(written.writeInto(serial, Buffer.alloc(256), 0) >= 0 || !kept).toBe(true);
            model.write(serial);
            expect(written.writeInto(serial, Buffer.alloc(256), 0) >= 0).toBe(model.holds(serial));
            expect(written.bytes).toBeLessThanOrEqual(budget);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the cards of a page written twice, not those of one written once', () => {
    const written = new WrittenCards(64 * 1024, 4096);
    const out = Buffer.alloc(64 * 1024);
    // Serials as a page's cards have them, a card's packed bytes apart; a chunk (8 MiB) on.
    const page = Array.from({ length: 24 }, (_, i) => 5 * 8 * 1024 * 1024 + i * 400);
    const keptOf = () => page.filter((serial) => written.writeInto(serial, out, 0) >= 0).length;
    for (const serial of page) writeCard(written, serial, out, 0);
    expect(keptOf()).toBe(0);
    for (const serial of page) writeCard(written, serial, out, 0);
    expect(keptOf()).toBe(24);
    expect(written.writeInto(page[0]! + 1, out, 0)).toBe(-1);
  });

  it('keeps nothing with no budget', () => {
    const written = new WrittenCards(0);
    const out = Buffer.alloc(256);
    for (let i = 0; i < 3; i++) writeCard(written, 1, out, 0);
    expect(written.writeInto(1, out, 0)).toBe(-1);
    expect(written.bytes).toBe(0);
  });
});
