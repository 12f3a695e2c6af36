import fastJson from 'fast-json-stringify';
import type { Metrics } from '../../observability/metrics.js';
import { type CardPacking, cardPacking } from './card-packing.js';
import { type CardBytes, CardStore, CHUNK_BYTES } from './card-store.js';
import type { CatalogueView, Dimension } from './catalogue-version.js';
import { Item } from './items.schemas.js';
import { trueAt } from './kept.js';
import { WrittenCards } from './written-cards.js';

/**
 * What keeping one card costs beyond its packed bytes: its slot's columns and their
 * room to grow (card-store.ts; bench/item-cards.ts measures it).
 */
export const CARD_OVERHEAD = 64;

// The same schema-driven serializer Fastify uses for the item route's answer.
const serializeItem = fastJson(Item);

/**
 * Each nullable field of Item, null and not: the serializer compiles the validator
 * that tells a union's branches apart on first meeting it (about 60 ms for all of
 * them, docs/performance.md). Met here, at start-up, not by the first customer's card
 * while the index loads.
 */
function compileEveryBranch(): void {
  const image = { id: 1, url: '/m', width: 1, height: 1, position: 0, variants: [] };
  const empty: Item = {
    id: 1,
    title: '',
    description: '',
    status: 'available',
    price_cents: 0,
    category: null,
    images: [image],
    tags: [{ id: 1, name: '', slug: '', colour: '' }],
    created_at: '2026-01-01T00:00:00.000Z',
    published_at: null,
    sold_at: null,
    weight_grams: null,
    dimensions: { width_mm: null, height_mm: null, depth_mm: null },
    condition: null,
    condition_note: null,
  };
  serializeItem(empty);
  serializeItem({
    ...empty,
    category: { id: 1, name: '', slug: '' },
    published_at: empty.created_at,
    sold_at: empty.created_at,
    weight_grams: 1,
    dimensions: { width_mm: 1, height_mm: 1, depth_mm: 1 },
    condition: 'new',
    condition_note: '',
  });
}
compileEveryBranch();
const NO_DIMS: readonly Dimension[] = [];

/**
 * A card's UTF-8 bytes for an answer (a kept card is packed, card-packing.ts). Not
 * from Node's shared pool: an item's answer is kept by the response cache, and would
 * hold a whole 8 KB slab alive with it.
 */
function bytesOf(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/** Told the kept cards' size after each change of it. */
export type CardsObserver = (bytes: number, cards: number) => void;

/** The kept cards' size as the shop_storefront_item_json_* gauges (docs/operations.md). */
export function itemJsonMetrics(metrics: Metrics['storefrontItemJson']): CardsObserver {
  return (bytes, cards) => {
    metrics.bytes.set(bytes);
    metrics.items.set(cards);
  };
}

/** A kept card as a page is made of it: where its packed bytes are, and its JSON's length. */
export type KeptCard = Readonly<CardBytes>;

/** An item's JSON for one answer: bytes just made, or a kept card to write out. */
export type CardJson = Buffer | KeptCard;

/**
 * Items' public JSON by id, each made once and reused until that item changes:
 * a list page the response cache has not seen (every customer's filters differ)
 * then costs a search for ids and sort keys, not the JSON of every item on it.
 * At most `budget` bytes (each card's bytes and CARD_OVERHEAD); the card served
 * least recently goes first. Beside them, at most `writtenBudget` bytes of the JSON
 * of the cards written out most (written-cards.ts).
 */
export function itemCards(
  budget: number,
  observe?: CardsObserver,
  packing: CardPacking = cardPacking(),
  writtenBudget = 0,
) {
  const store = new CardStore();
  const written = new WrittenCards(writtenBudget);
  // Cards warming found no room for: the warm loop stops at the first.
  let refusals = 0;
  const oneId = [0];

  /** What a card counts against the budget. */
  const countOf = (length: number) => length + CARD_OVERHEAD;
  const keptBytes = () => store.liveBytes + store.count * CARD_OVERHEAD;
  const report = () => observe?.(keptBytes() + written.bytes, store.count);

  /** Whether the card in `slot` is still true at `at`: it depends on its own item alone. */
  function isTrue(slot: number, at: CatalogueView): boolean {
    oneId[0] = store.id(slot);
    return trueAt(store.epoch(slot), store.life(slot), store.version(slot), at, NO_DIMS, oneId);
  }

  /** The item's JSON, its old card gone (it was not true, or it would not be asked for). */
  function made(item: Item): Buffer {
    const old = store.find(item.id);
    if (old !== 0) store.remove(old);
    return bytesOf(serializeItem(item));
  }

  return {
    /**
     * The JSON of each id that is still true at `at`, in order; undefined for the
     * caller to fetch. Each card found becomes the most recently served, unless
     * `touch` is false (warming looks; no customer asked).
     */
    known(ids: readonly number[], at: CatalogueView, touch = true): Array<KeptCard | undefined> {
      const found = new Array<KeptCard | undefined>(ids.length);
      let guess = 0;
      for (let i = 0; i < ids.length; i++) {
        const slot = store.findNear(ids[i]!, guess);
        guess = slot === 0 ? 0 : slot + 1;
        if (slot === 0 || !isTrue(slot, at)) continue;
        found[i] = store.bytes(slot);
        if (touch) store.touch(slot);
      }
      return found;
    },

    /**
     * Serialises a visible item read at `at` and keeps it as the most recently
     * served, the least recently served going to make room. A card larger than the
     * whole budget is served, not kept.
     */
    keep(item: Item, at: CatalogueView): Buffer {
      const json = made(item);
      const packed = packing.pack(item, json);
      const size = countOf(packed.length);
      if (size <= budget && store.fits(packed.length)) {
        while (keptBytes() + size > budget) store.remove(store.oldest());
        store.add(item.id, at, packed, json.length);
      }
      report();
      return json;
    },

    /**
     * As `keep`, but pushing out only cards no longer true at `at` (a reload's
     * leftovers): warming goes newest first, so each card it makes is worth less
     * than the true ones kept already. One that does not fit is counted in `refusals`.
     */
    keepIfRoom(item: Item, at: CatalogueView): Buffer {
      const json = made(item);
      const packed = packing.pack(item, json);
      const size = countOf(packed.length);
      for (let old = store.oldest(); old !== 0 && keptBytes() + size > budget; ) {
        if (isTrue(old, at)) break;
        const next = store.newerThan(old);
        store.remove(old);
        old = next;
      }
      if (keptBytes() + size <= budget && store.fits(packed.length)) {
        store.add(item.id, at, packed, json.length);
      } else refusals++;
      report();
      return json;
    },

    /**
     * Lets go of every card of an earlier life or epoch than `at`'s: none can be
     * true again (kept.ts), and after a reload they would hold the room warming
     * fills with the new life's cards.
     */
    forgetBefore(at: CatalogueView): void {
      store.retainLife(at);
      report();
    },

    /** The bytes of a card's JSON. */
    sizeOf(card: CardJson): number {
      return card instanceof Uint8Array ? card.length : card.size;
    },

    /** Writes a card's JSON into `out` at `at`; returns where it ends. */
    write(card: CardJson, out: Buffer, at: number): number {
      if (card instanceof Uint8Array) return at + card.copy(out, at);
      const kept = written.writeInto(card.serial, out, at);
      if (kept >= 0) return kept;
      const end = packing.unpack(card.chunk, card.start, card.end, out, at);
      const before = written.bytes;
      written.written(card.serial, out, at, end);
      if (written.bytes !== before) report();
      return end;
    },

    /** A card's JSON in a buffer of its own (an item's answer). */
    bytes(card: CardJson): Buffer {
      if (card instanceof Uint8Array) return card;
      const out = Buffer.allocUnsafeSlow(card.size);
      packing.unpack(card.chunk, card.start, card.end, out, 0);
      return out;
    },

    /** How many cards warming has found no room for, ever. */
    refusals(): number {
      return refusals;
    },

    /** An item found not visible: its card, if any, must never be served again. */
    drop(id: number): void {
      const slot = store.find(id);
      if (slot === 0) return;
      store.remove(slot);
      report();
    },

    /** The arena's bytes written (live and dead) and held (whole chunks), for bench/item-cards.ts. */
    arena(): { written: number; held: number } {
      return { written: store.arenaBytes(), held: store.chunkCount() * CHUNK_BYTES };
    },
  };
}

export type ItemCards = ReturnType<typeof itemCards>;
