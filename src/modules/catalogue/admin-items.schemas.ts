import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, RequiredText, StrictObject } from '../../http/schemas.js';
import { Price } from '../storefront/item-filters.js';
import { Item, ItemImage } from '../storefront/items.schemas.js';

/** The admin view of an item (contract: Admin item views). */
export const AdminItem = Type.Object(
  {
    ...Item.properties,
    price_source: Type.String({ enum: ['model', 'default', 'manual'] }),
    images: Type.Array(Type.Object({ ...ItemImage.properties, has_original: Type.Boolean() })),
    draft: Type.Union([
      Type.Object({
        note: Type.String(),
        state: Type.String(),
        remove_background: Type.Boolean(),
        created_at: DateTime,
      }),
      Type.Null(),
    ]),
  },
  { $id: 'AdminItem', title: 'AdminItem' },
);
export type AdminItem = Static<typeof AdminItem>;

export const AdminItemList = Type.Object({
  items: Type.Array(Type.Ref(AdminItem)),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

const Title = RequiredText(200);
const Description = Type.String({ maxLength: 10_000 });
const TagIds = Type.Array(Id, { maxItems: 50, uniqueItems: true });

export const CreateItemBody = StrictObject({
  title: Title,
  description: Type.Optional(Description),
  price_cents: Type.Optional(Price),
  category_id: Type.Optional(Type.Union([Id, Type.Null()])),
  tag_ids: Type.Optional(TagIds),
});
export type CreateItemBody = Static<typeof CreateItemBody>;

export const UpdateItemBody = StrictObject(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    price_cents: Type.Optional(Price),
    category_id: Type.Optional(Type.Union([Id, Type.Null()])),
    tag_ids: Type.Optional(TagIds),
  },
  { minProperties: 1 },
);
export type UpdateItemBody = Static<typeof UpdateItemBody>;

export const ItemImageParams = StrictObject({ id: Id, image_id: Id });
