import fastJson from 'fast-json-stringify';
import type { CatalogueView, Dimension } from './catalogue-version.js';
import { Item } from './items.schemas.js';
import { type Kept, keptAt, stillTrue } from './kept.js';

/**
 * How many items' JSON the storefront keeps: the item page's body, and the part
 * of every list page that shows the item. About 1 KB each (flattened, with its
 * bookkeeping): 100 MB for a catalogue of 100,000 visible items, all of them.
 */
export const KEPT_CARDS = 150_000;

// The same schema-driven serializer Fastify uses for the item route's answer.
const serializeItem = fastJson(Item);
const NO_DIMS: readonly Dimension[] = [];

/**
 * The serializer joins many small strings into a rope: kept as is, an 800-byte
 * card holds about 4.5 KB. Converting it to a number makes V8 copy it into one
 * flat string (as pino's flatstr does), the rope's pieces left to the collector.
 */
function flat(json: string): string {
  void ((json as unknown as number) | 0);
  return json;
}

/**
 * Items' public JSON by id, each made once and reused until that item changes:
 * a list page the response cache has not seen (every customer's filters differ)
 * then costs a search for ids and sort keys, not the JSON of every item on it.
 */
export function itemCards(max = KEPT_CARDS) {
  const cards = new Map<number, Kept<string>>();

  return {
    /** The JSON of the ids that are still true at `at`; the rest are left for the caller to fetch. */
    known(
      ids: readonly number[],
      at: CatalogueView,
    ): { found: Map<number, string>; missing: number[] } {
      const found = new Map<number, string>();
      const missing: number[] = [];
      for (const id of ids) {
        const card = cards.get(id);
        if (card && stillTrue(card, at, NO_DIMS, [id])) found.set(id, card.value);
        else missing.push(id);
      }
      return { found, missing };
    },

    /** Serialises a visible item read at `at` and keeps it (the oldest card goes first). */
    keep(item: Item, at: CatalogueView): string {
      const json = flat(serializeItem(item));
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
