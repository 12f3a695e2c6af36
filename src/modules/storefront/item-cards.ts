import fastJson from 'fast-json-stringify';
import type { CatalogueView, Dimension } from './catalogue-version.js';
import { Item } from './items.schemas.js';
import { type Kept, keptAt, stillTrue } from './kept.js';

/**
 * How many items' JSON the storefront keeps: the item page's body, and the part
 * of every list page that shows the item. About 1 KB each (its bytes and their
 * bookkeeping): 100 MB for a catalogue of 100,000 visible items, all of them.
 */
export const KEPT_CARDS = 150_000;

// The same schema-driven serializer Fastify uses for the item route's answer.
const serializeItem = fastJson(Item);
const NO_DIMS: readonly Dimension[] = [];

/**
 * A card's UTF-8 bytes in a buffer of its own. Kept as bytes, a page is the
 * cards copied end to end, not a 20 KB string joined and encoded on every miss.
 * Not from Node's shared pool: a kept card would hold its whole 8 KB slab alive
 * after its neighbours were replaced.
 */
function bytesOf(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/**
 * Items' public JSON by id, each made once and reused until that item changes:
 * a list page the response cache has not seen (every customer's filters differ)
 * then costs a search for ids and sort keys, not the JSON of every item on it.
 */
export function itemCards(max = KEPT_CARDS) {
  const cards = new Map<number, Kept<Buffer>>();

  return {
    /** The JSON of each id that is still true at `at`, in order; undefined for the caller to fetch. */
    known(ids: readonly number[], at: CatalogueView): Array<Buffer | undefined> {
      const found = new Array<Buffer | undefined>(ids.length);
      for (let i = 0; i < ids.length; i++) {
        const card = cards.get(ids[i]!);
        found[i] = card && stillTrue(card, at, NO_DIMS, [ids[i]!]) ? card.value : undefined;
      }
      return found;
    },

    /** Serialises a visible item read at `at` and keeps it (the oldest card goes first). */
    keep(item: Item, at: CatalogueView): Buffer {
      const json = bytesOf(serializeItem(item));
      if (max <= 0) return json;
      cards.delete(item.id);
      cards.set(item.id, keptAt(at, json));
      if (cards.size > max) cards.delete(cards.keys().next().value as number);
      return json;
    },

    /** An item found not visible: its card, if any, must never be served again. */
    drop(id: number): void {
      cards.delete(id);
    },
  };
}

export type ItemCards = ReturnType<typeof itemCards>;
