import DataLoader from 'dataloader';
import fastJson from 'fast-json-stringify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { type MediaUrl, mediaUrlFor } from '../../media/storage.js';
import type { CatalogueIndex } from './catalogue-index.js';
import type { CatalogueMirror } from './catalogue-mirror.js';
import type { CatalogueView, Dimension } from './catalogue-version.js';
import type { CardJson, ItemCards } from './item-cards.js';
import { encodeCursor, type ItemFilters } from './item-filters.js';
import {
  type ItemKey,
  type ItemRow,
  itemsRepository,
  type VisibleItemRow,
} from './items.repository.js';
import { type CategoryNode, CategoryTree, Filters, type Item } from './items.schemas.js';
import { type Kept, keptAt, stillTrue } from './kept.js';
import { withColour } from './tag-colour.js';
import { tagNames } from './tag-names.js';

const relativeMediaUrl = mediaUrlFor(undefined);

/** The public shape of an item row (contract: Item); image URLs made by `mediaUrl` (MEDIA_PUBLIC_BASE_URL). */
export function itemRowToItem(
  row: Omit<ItemRow, 'listed_at' | 'draft'>,
  mediaUrl: MediaUrl = relativeMediaUrl,
): Item {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    price_cents: row.price_cents,
    category:
      row.category_id === null
        ? null
        : { id: row.category_id, name: row.category_name!, slug: row.category_slug! },
    images: row.images.map((image) => ({
      id: image.id,
      url: mediaUrl(image.path),
      width: image.width,
      height: image.height,
      position: image.position,
      // Narrowest first whatever order they were stored in: the same bytes on every back end.
      variants: [...image.variants]
        .sort((a, b) => a.width - b.width)
        .map((variant) => ({
          width: variant.width,
          height: variant.height,
          url: mediaUrl(variant.path),
        })),
    })),
    tags: row.tags.map(withColour),
    created_at: row.created_at,
    published_at: row.published_at,
    sold_at: row.sold_at,
    weight_grams: row.weight_grams,
    dimensions: { width_mm: row.width_mm, height_mm: row.height_mm, depth_mm: row.depth_mm },
    condition: row.condition,
    condition_note: row.condition_note,
  };
}

function nextCursor(
  filters: ItemFilters,
  last: Pick<ItemKey, 'id' | 'listed_at' | 'price_cents'>,
): string {
  return filters.sort === 'newest'
    ? encodeCursor({ sort: 'newest', key: last.listed_at, id: last.id })
    : encodeCursor({ sort: filters.sort, key: last.price_cents, id: last.id });
}

/** Flat category rows (already ordered) as a tree of nested children. */
export function categoryTree(
  rows: Array<{ id: number; parent_id: number | null; name: string; slug: string }>,
): CategoryNode[] {
  const nodes = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, slug: row.slug, children: [] as CategoryNode[] },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** What each part of /api/filters depends on (catalogue-version.ts names the dimensions). */
const FILTER_PART_DIMENSIONS: Record<keyof Filters, readonly Dimension[]> = {
  categories: ['category'],
  tags: ['tags', 'visibility'],
  price: ['price', 'visibility'],
};
const NO_IDS: readonly number[] = [];

/**
 * Each part of /api/filters serialised on its own, with the route's schema: the
 * body is the three joined, so a write that changes one part (a price edit: the
 * bounds) costs that part's statement, not the tree's and the counts' JSON again.
 */
const serializePart: { [K in keyof Filters]: (value: Filters[K]) => string } = {
  categories: fastJson(Filters.properties.categories, {
    // The tree's node schema is recursive: handed over by its $id, as Fastify does.
    schema: { [CategoryTree.$id!]: CategoryTree as unknown as fastJson.Schema },
  }),
  tags: fastJson(Filters.properties.tags),
  price: fastJson(Filters.properties.price),
};

/** The parts of /api/filters as last worked out (their JSON), each with the version it was read at. */
export type KeptFilterParts = { [K in keyof Filters]?: Kept<string> };

/** A storefront answer already serialised (its UTF-8 bytes), and the items it shows. */
export interface ItemsJson {
  body: Buffer;
  ids: number[];
}

/** Ids read in one statement at most (a turn's waiting requests: 32 connections of 24-item pages fit). */
const MAX_BATCH = 1_000;

const LIST_START = Buffer.from('{"items":[');
const COMMA = 0x2c;

/** An ItemList body from its cards: one allocation, each card written once, nothing encoded again. */
function listBody(cards: readonly CardJson[], kept: ItemCards, nextCursor: string | null): Buffer {
  const end = `],"next_cursor":${JSON.stringify(nextCursor)}}`;
  let length = LIST_START.length + Math.max(cards.length - 1, 0) + Buffer.byteLength(end);
  for (const card of cards) length += kept.sizeOf(card);
  const body = Buffer.allocUnsafeSlow(length);
  let at = LIST_START.copy(body, 0);
  for (let i = 0; i < cards.length; i++) {
    if (i > 0) body[at++] = COMMA;
    at = kept.write(cards[i]!, body, at);
  }
  body.write(end, at);
  return body;
}

export function storefrontService(
  db: Db,
  mediaUrl: MediaUrl = relativeMediaUrl,
  mirror?: CatalogueMirror,
) {
  const items = itemsRepository(db);
  const names = tagNames(() => items.tagNames());

  /**
   * Rows of items whose cards are not kept, for every request waiting in one turn of
   * the loop at once: one statement for all their ids, not one each. At 1M items most
   * cards are not kept, and a statement per item page or item answer made PostgreSQL's
   * round trips the limit (docs/performance.md). Nothing is remembered between turns:
   * each batch reads the rows as they are when it runs, after every waiting request
   * took its view, so a card is never older than the view it is kept at.
   */
  const visibleRows = new DataLoader<number, VisibleItemRow | null>(
    async (ids) => {
      const rows = await items.findVisibleByIds([...ids]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );

  /**
   * The JSON of each id, in order: kept cards still true, the rest read in one
   * statement; undefined for an id no longer visible. Warming neither counts as a
   * customer's read nor pushes out a card still true.
   */
  async function cardsOf(
    ids: readonly number[],
    cards: ItemCards,
    at: CatalogueView,
    warming = false,
  ): Promise<Array<CardJson | undefined>> {
    const found: Array<CardJson | undefined> = cards.known(ids, at, !warming);
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found;
    const rows: VisibleItemRow[] = [];
    for (const row of await visibleRows.loadMany(missing)) {
      if (row instanceof Error) throw row;
      if (row !== null) rows.push(row);
    }
    const tags = await names.of(
      at,
      rows.map((row) => row.tag_ids),
    );
    const read = new Map<number, Buffer>();
    rows.forEach((row, i) => {
      const item = itemRowToItem({ ...row, tags: tags[i]! }, mediaUrl);
      read.set(row.id, warming ? cards.keepIfRoom(item, at) : cards.keep(item, at));
    });
    // Gone pending or deleted since the search: shown nowhere, its old card dropped.
    for (const id of missing) if (!read.has(id)) cards.drop(id);
    return ids.map((id, i) => found[i] ?? read.get(id));
  }

  return {
    /**
     * A storefront page (contract: ItemList) built from the items' kept JSON: the
     * search reads ids and sort keys only. An item that went pending between the
     * search and reading its JSON is left out.
     */
    async listJson(filters: ItemFilters, cards: ItemCards, at: CatalogueView): Promise<ItemsJson> {
      const keys = (await mirror?.keys(filters, at)) ?? (await items.listKeys(filters));
      const hasMore = keys.length > filters.limit;
      const page = hasMore ? keys.slice(0, filters.limit) : keys;
      const json = await cardsOf(
        page.map((key) => key.id),
        cards,
        at,
      );
      const shown: CardJson[] = [];
      const ids: number[] = [];
      page.forEach((key, i) => {
        const card = json[i];
        if (card === undefined) return;
        shown.push(card);
        ids.push(key.id);
      });
      const next = hasMore ? nextCursor(filters, page[page.length - 1]!) : null;
      return { body: listBody(shown, cards, next), ids };
    },

    /** Makes and keeps these items' JSON ahead of the first customer who asks for them, while there is room. */
    async warmCards(ids: number[], cards: ItemCards, at: CatalogueView): Promise<void> {
      await cardsOf(ids, cards, at, true);
    },

    /** A visible item's JSON (contract: Item); pending and absent alike are 404 (spec 4.2 item rule 1). */
    async getJson(id: number, cards: ItemCards, at: CatalogueView): Promise<ItemsJson> {
      const [card] = await cardsOf([id], cards, at);
      if (card === undefined) throw notFound('No such item.');
      return { body: cards.bytes(card), ids: [id] };
    },

    /** A page of items and the cursor of the next page, or null on the last. */
    async listRows(filters: ItemFilters): Promise<{ rows: ItemRow[]; next_cursor: string | null }> {
      const rows = await items.list(filters);
      const hasMore = rows.length > filters.limit;
      const page = hasMore ? rows.slice(0, filters.limit) : rows;
      return {
        rows: page,
        next_cursor: hasMore ? nextCursor(filters, page[page.length - 1]!) : null,
      };
    },

    async list(filters: ItemFilters) {
      const { rows, next_cursor } = await this.listRows(filters);
      return { items: rows.map((row) => itemRowToItem(row, mediaUrl)), next_cursor };
    },

    /** A visible item; pending and absent alike are 404 (spec 4.2 item rule 1). */
    async get(id: number): Promise<Item> {
      const row = await items.findById(id, { includePending: false });
      if (!row) throw notFound('No such item.');
      return itemRowToItem(row, mediaUrl);
    },

    /**
     * Category tree, tag counts over non-pending items and price bounds (spec 4.2),
     * as the JSON body of /api/filters. With `kept`, each part is reused while
     * nothing it depends on changed: after a price edit only the bounds are read
     * and serialised again.
     */
    async filtersJson(at?: CatalogueView, kept?: KeptFilterParts): Promise<string> {
      const part = async <K extends keyof Filters>(
        name: K,
        load: () => Promise<Filters[K]>,
      ): Promise<string> => {
        const known = kept?.[name];
        if (at && stillTrue(known, at, FILTER_PART_DIMENSIONS[name], NO_IDS)) return known!.value;
        const json = serializePart[name](await load());
        if (at && kept) kept[name] = keptAt(at, json);
        return json;
      };
      // Counted and bounded by the index in memory once it has every change `at` has:
      // asked once for both parts, and only by a part that is worked out again.
      let facets: Promise<CatalogueIndex | null> | undefined;
      const indexed = () => (facets ??= at && mirror ? mirror.facets(at) : Promise.resolve(null));
      const [categories, tags, price] = await Promise.all([
        part('categories', async () => categoryTree(await items.categories())),
        part('tags', async () => {
          const index = await indexed();
          if (!index) return (await items.tagCounts()).map(withColour);
          const tags = await names.all(at!);
          return tags.map((tag) => withColour({ ...tag, count: index.tagCount(tag.id) }));
        }),
        part('price', async () => {
          const index = await indexed();
          const bounds = index ? index.priceBounds() : await items.priceBounds();
          return { min: bounds.min, max: bounds.max };
        }),
      ]);
      return `{"categories":${categories},"tags":${tags},"price":${price}}`;
    },
  };
}

export type StorefrontService = ReturnType<typeof storefrontService>;
