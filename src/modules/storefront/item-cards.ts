import fastJson from 'fast-json-stringify';
import type { Metrics } from '../../observability/metrics.js';
import { type CardPacking, cardPacking } from './card-packing.js';
import type { CatalogueView, Dimension } from './catalogue-version.js';
import { Item } from './items.schemas.js';
import { type Kept, stillTrue } from './kept.js';

/**
 * What keeping one card costs beyond its packed bytes: its Map entry, its Card
 * object and the packed string's header (bench/item-cards.ts measures it).
 */
export const CARD_OVERHEAD = 150;

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

/**
 * A kept card, linked from the least recently served to the most. A list rather than
 * a Map's own order: moving an entry to a Map's end (delete, set) leaves a hole that
 * each later lookup of the same key walks past until the table is rebuilt, and taking
 * a Map's first key walks every hole at its front: microseconds each at 100,000 cards.
 */
interface Card extends Kept<string> {
  id: number;
  /** The bytes of its JSON, written out (card-packing.ts). */
  size: number;
  older: Card;
  newer: Card;
}

/** A kept card as a page is made of it: its JSON's length, and its packed form to write out. */
export type KeptCard = Readonly<Pick<Card, 'value' | 'size'>>;

/** An item's JSON for one answer: bytes just made, or a kept card to write out. */
export type CardJson = Buffer | KeptCard;

/**
 * Items' public JSON by id, each made once and reused until that item changes:
 * a list page the response cache has not seen (every customer's filters differ)
 * then costs a search for ids and sort keys, not the JSON of every item on it.
 * At most `budget` bytes (each card's bytes and CARD_OVERHEAD); the card served
 * least recently goes first.
 */
export function itemCards(
  budget: number,
  observe?: CardsObserver,
  packing: CardPacking = cardPacking(),
) {
  const cards = new Map<number, Card>();
  // Both ends of the list: `ends.newer` is the least recently served card, `ends.older` the most.
  const ends = { id: 0, epoch: '', life: -1, version: -1, value: '', size: 0 } as Card;
  ends.older = ends;
  ends.newer = ends;
  let bytes = 0;
  // Cards warming found no room for: the warm loop stops at the first.
  let refusals = 0;

  function unlink(card: Card): void {
    card.older.newer = card.newer;
    card.newer.older = card.older;
  }

  function linkNewest(card: Card): void {
    card.older = ends.older;
    card.newer = ends;
    ends.older.newer = card;
    ends.older = card;
  }

  function remove(card: Card): void {
    unlink(card);
    cards.delete(card.id);
    bytes -= card.value.length + CARD_OVERHEAD;
  }

  function add(id: number, at: CatalogueView, packed: string, size: number): void {
    const card: Card = {
      epoch: at.epoch,
      life: at.life,
      version: at.version,
      value: packed,
      size,
      id,
      older: ends,
      newer: ends,
    };
    linkNewest(card);
    cards.set(id, card);
    bytes += packed.length + CARD_OVERHEAD;
  }

  /** The item's JSON, its old card gone (it was not true, or it would not be asked for). */
  function made(item: Item): Buffer {
    const old = cards.get(item.id);
    if (old !== undefined) remove(old);
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
      for (let i = 0; i < ids.length; i++) {
        const card = cards.get(ids[i]!);
        if (card === undefined || !stillTrue(card, at, NO_DIMS, [card.id])) continue;
        found[i] = card;
        if (touch && ends.older !== card) {
          unlink(card);
          linkNewest(card);
        }
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
      const size = packed.length + CARD_OVERHEAD;
      if (size <= budget) {
        while (bytes + size > budget) remove(ends.newer);
        add(item.id, at, packed, json.length);
      }
      observe?.(bytes, cards.size);
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
      const size = packed.length + CARD_OVERHEAD;
      for (let old = ends.newer; old !== ends && bytes + size > budget; old = old.newer) {
        if (stillTrue(old, at, NO_DIMS, [old.id])) break;
        remove(old);
      }
      if (bytes + size <= budget) add(item.id, at, packed, json.length);
      else refusals++;
      observe?.(bytes, cards.size);
      return json;
    },

    /** The bytes of a card's JSON. */
    sizeOf(card: CardJson): number {
      return card instanceof Uint8Array ? card.length : card.size;
    },

    /** Writes a card's JSON into `out` at `at`; returns where it ends. */
    write(card: CardJson, out: Buffer, at: number): number {
      if (card instanceof Uint8Array) return at + card.copy(out, at);
      return packing.unpack(card.value, out, at);
    },

    /** A card's JSON in a buffer of its own (an item's answer). */
    bytes(card: CardJson): Buffer {
      if (card instanceof Uint8Array) return card;
      const out = Buffer.allocUnsafeSlow(card.size);
      packing.unpack(card.value, out, 0);
      return out;
    },

    /** How many cards warming has found no room for, ever. */
    refusals(): number {
      return refusals;
    },

    /** An item found not visible: its card, if any, must never be served again. */
    drop(id: number): void {
      const card = cards.get(id);
      if (card === undefined) return;
      remove(card);
      observe?.(bytes, cards.size);
    },
  };
}

export type ItemCards = ReturnType<typeof itemCards>;
