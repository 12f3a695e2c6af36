import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { type MediaUrl, mediaUrlFor } from '../../media/storage.js';
import { encodeCursor, type ItemFilters } from './item-filters.js';
import { type ItemRow, itemsRepository } from './items.repository.js';
import type { CategoryNode, Filters, Item } from './items.schemas.js';
import { withColour } from './tag-colour.js';

const relativeMediaUrl = mediaUrlFor(undefined);

/** The public shape of an item row (contract: Item); image URLs made by `mediaUrl` (MEDIA_PUBLIC_BASE_URL). */
export function itemRowToItem(row: ItemRow, mediaUrl: MediaUrl = relativeMediaUrl): Item {
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
  };
}

function nextCursor(filters: ItemFilters, last: ItemRow): string {
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

export function storefrontService(db: Db, mediaUrl: MediaUrl = relativeMediaUrl) {
  const items = itemsRepository(db);

  return {
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

    async filters(): Promise<Filters> {
      const [categories, tags, price] = await Promise.all([
        items.categories(),
        items.tagCounts(),
        items.priceBounds(),
      ]);
      return {
        categories: categoryTree(categories),
        tags: tags.map(withColour),
        price: { min: price.min, max: price.max },
      };
    },
  };
}

export type StorefrontService = ReturnType<typeof storefrontService>;
