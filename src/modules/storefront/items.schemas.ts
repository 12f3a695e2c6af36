import { type Static, Type } from '@sinclair/typebox';
import type { ItemCondition, ItemStatus } from '../../db/schema.js';
import { DateTime, Nullable } from '../../http/schemas.js';
import { ITEM_CONDITIONS, ITEM_STATUSES } from './item-filters.js';

const CategoryRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
});

export const ImageVariant = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
});

export const ItemImage = Type.Object({
  id: Type.Integer(),
  url: Type.String({ description: 'The photo at full stored size' }),
  width: Type.Integer(),
  height: Type.Integer(),
  position: Type.Integer(),
  variants: Type.Array(ImageVariant, {
    description:
      'Smaller WebP copies for srcset, narrowest first (480, 960, 1600 where the photo is wider); empty for a small photo',
  }),
});

export const TagRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  colour: Type.String({ description: 'Derived from the slug; readable with white text' }),
});

/** Millimetres, each null until measured (issue 34 item 1). */
export const Dimensions = Type.Object({
  width_mm: Nullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
  height_mm: Nullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
  depth_mm: Nullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

export const Condition = Type.Unsafe<ItemCondition>(
  Type.String({ enum: [...ITEM_CONDITIONS], description: 'Best first: new … for_parts' }),
);

export const Item = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    description: Type.String(),
    status: Type.Unsafe<ItemStatus>(Type.String({ enum: [...ITEM_STATUSES] })),
    price_cents: Type.Integer(),
    category: Nullable(CategoryRef),
    images: Type.Array(ItemImage),
    tags: Type.Array(TagRef),
    created_at: DateTime,
    published_at: Nullable(DateTime),
    sold_at: Nullable(DateTime),
    weight_grams: Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    dimensions: Dimensions,
    condition: Nullable(Condition),
    condition_note: Nullable(Type.String({ maxLength: 500 })),
  },
  { $id: 'Item', title: 'Item' },
);
export type Item = Static<typeof Item>;

export const ItemList = Type.Object({
  items: Type.Array(Type.Ref(Item)),
  next_cursor: Nullable(Type.String()),
});

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}

export const CategoryTree = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      slug: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'CategoryNode', title: 'CategoryNode' },
);

export const Filters = Type.Object({
  categories: Type.Array(Type.Ref(CategoryTree)),
  tags: Type.Array(
    Type.Object({
      ...TagRef.properties,
      count: Type.Integer({ description: 'Non-pending items with the tag' }),
    }),
  ),
  price: Type.Object({
    min: Nullable(Type.Integer()),
    max: Nullable(Type.Integer()),
  }),
});
export type Filters = Static<typeof Filters>;
