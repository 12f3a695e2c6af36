import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CardBytes, CardStore } from './card-store.js';

/** Small chunks, so a few dozen cards fill, free and compact many of them. */
const CHUNK = 64;

type Op =
  | { kind: 'add'; id: number; bytes: Uint8Array; life: number }
  | { kind: 'touch'; id: number }
  | { kind: 'remove'; id: number }
  | { kind: 'retain'; life: number; epoch: string };

const id = fc.integer({ min: 1, max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      id,
      bytes: fc.uint8Array({ minLength: 1, maxLength: CHUNK / 4 }),
      life: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('touch' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), id }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('retain' as const),
      // Life 3 keeps no card (a reload's new life), nor does epoch x (a restore): the store starts over.
      life: fc.integer({ min: 1, max: 3 }),
      epoch: fc.constantFrom('e', 'e', 'x'),
    }),
  },
);

interface ModelCard {
  bytes: Uint8Array;
  life: number;
  version: number;
}

const at = (life: number, version: number) => ({ epoch: 'e', life, version });
const read = (card: CardBytes) => Buffer.from(card.chunk.subarray(card.start, card.end));

describe('the card store', () => {
  it('keeps what a map in served order keeps, its bytes unchanged, each serial naming the bytes of one card, the arena within a third of the live bytes', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 50, maxLength: 300 }), (ops) => {
        const store = new CardStore(CHUNK);
        const model = new Map<number, ModelCard>();
        // Least recently served first.
        let order: number[] = [];
        const served = (id: number) => {
          order = order.filter((other) => other !== id);
          order.push(id);
        };
        // Every card's bytes as read when it was kept, to be read again at the end.
        const readers: Array<{ card: CardBytes; bytes: Buffer }> = [];
        // The bytes each serial named when first seen: it must name them for good.
        const named = new Map<number, string>();
        const sameAsNamed = (card: CardBytes) => {
          const hex = read(card).toString('hex');
          const first = named.get(card.serial) ?? hex;
          named.set(card.serial, first);
          return first === hex;
        };
        ops.forEach((step, version) => {
          const slot = 'id' in step ? store.find(step.id) : 0;
          // Each id's slot before this step: a slot freed by it still holds the id it had.
          const before = Array.from({ length: 31 }, (_, other) => (other ? store.find(other) : 0));
          switch (step.kind) {
            case 'add': {
              if (slot !== 0) store.remove(slot);
              const added = store.add(
                step.id,
                at(step.life, version),
                step.bytes,
                step.bytes.length * 3,
              );
              readers.push({ card: store.bytes(added), bytes: Buffer.from(step.bytes) });
              model.set(step.id, { bytes: step.bytes, life: step.life, version });
              served(step.id);
              break;
            }
            case 'touch':
              if (slot !== 0) store.touch(slot);
              if (model.has(step.id)) served(step.id);
              break;
            case 'remove':
              if (slot !== 0) store.remove(slot);
              model.delete(step.id);
              order = order.filter((other) => other !== step.id);
              break;
            case 'retain': {
              store.retainLife({ ...at(step.life, 0), epoch: step.epoch });
              for (const [key, card] of model) {
                if (card.life !== step.life || step.epoch !== 'e') model.delete(key);
              }
              order = order.filter((key) => model.has(key));
              break;
            }
          }
          // What the store holds, in served order, against the model: one comparison a step.
          const held: string[] = [];
          for (let s = store.oldest(); s !== 0; s = store.newerThan(s)) {
            expect(sameAsNamed(store.bytes(s))).toBe(true);
            const life = store.epoch(s) === 'e' ? store.life(s) : 0;
            held.push(
              `${store.id(s)}@${store.find(store.id(s)) === s} ${read(store.bytes(s)).toString('hex')} ${store.size(s)} v${store.version(s)} l${life}`,
            );
          }
          const expected = order.map((key) => {
            const card = model.get(key)!;
            const hex = Buffer.from(card.bytes).toString('hex');
            return `${key}@true ${hex} ${card.bytes.length * 3} v${card.version} l${card.life}`;
          });
          const live =
            expected.length === 0
              ? 0
              : order.reduce((sum, key) => sum + model.get(key)!.bytes.length, 0);
          const absent = Array.from({ length: 30 }, (_, i) => i + 1).filter(
            (other) => !model.has(other) && store.find(other) !== 0,
          );
          // findNear finds what find finds, whatever slot it tries first: the id's own,
          // the one after it, the one it had before this step (maybe freed since), none.
          const misfound = Array.from({ length: 30 }, (_, i) => i + 1).filter((other) => {
            const found = store.find(other);
            return [0, found, found + 1, before[other]!, 10_000].some(
              (guess) => store.findNear(other, guess) !== found,
            );
          });
          expect({ held, count: store.count, live: store.liveBytes, absent, misfound }).toEqual({
            held: expected,
            count: model.size,
            live,
            absent: [],
            misfound: [],
          });
          expect(store.arenaBytes()).toBeLessThanOrEqual((live * 4) / 3 + CHUNK);
        });
        // A reader's bytes never change under it, whatever was removed or moved since.
        for (const { card, bytes } of readers) expect(read(card)).toEqual(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it('lets a chunk go once a quarter of it is dead, its live cards moved to the newest', () => {
    const store = new CardStore(CHUNK);
    const bytes = (fill: number) => new Uint8Array(16).fill(fill);
    for (let id = 1; id <= 8; id++) store.add(id, at(1, id), bytes(id), 16);
    expect(store.chunkCount()).toBe(2);
    const first = store.bytes(store.find(1)).chunk;
    store.remove(store.find(1));
    // A quarter of the first chunk dead: its three live cards moved to a newer one.
    expect(store.chunkCount()).toBe(2);
    for (const id of [2, 3, 4]) {
      expect(store.bytes(store.find(id)).chunk).not.toBe(first);
      expect(read(store.bytes(store.find(id)))).toEqual(Buffer.from(bytes(id)));
    }
    expect(store.arenaBytes()).toBe(7 * 16);
  });

  it('refuses a card larger than a chunk', () => {
    const store = new CardStore(CHUNK);
    expect(store.fits(CHUNK + 1)).toBe(false);
    expect(() => store.add(1, at(1, 1), new Uint8Array(CHUNK + 1), 1)).toThrow(RangeError);
    expect(store.count).toBe(0);
    expect(store.find(1)).toBe(0);
  });
});
