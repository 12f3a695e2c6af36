import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, RequiredText, StrictObject } from '../../http/schemas.js';
import { ItemListQuery, Price } from '../storefront/item-filters.js';
import { Item, ItemImage } from '../storefront/items.schemas.js';
import { ItemDetailsBody } from './item-details.js';

export const PUBLISH_WARNINGS = ['no_photo', 'no_category', 'default_price'] as const;
export type PublishWarningCode = (typeof PUBLISH_WARNINGS)[number];

/** A reason to look again before publishing; never a refusal (issue 17, API 7). */
export const PublishWarning = Type.Object({
  code: Type.Unsafe<PublishWarningCode>(Type.String({ enum: [...PUBLISH_WARNINGS] })),
  message: Type.String(),
});

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
        link: Type.Union(
          [
            Type.Object({
              id: Type.Integer(),
              label: Type.Union([Type.String(), Type.Null()]),
              contact_email: Type.Union([Type.String(), Type.Null()]),
            }),
            Type.Null(),
          ],
          { description: 'The upload link the submission came through' },
        ),
      }),
      Type.Null(),
    ]),
    publish_warnings: Type.Array(PublishWarning, {
      description: 'What publishing now would warn about (empty when nothing)',
    }),
  },
  { $id: 'AdminItem', title: 'AdminItem' },
);
export type AdminItem = Static<typeof AdminItem>;

/** Publish answers the item and what it warned about. */
export const PublishedItem = Type.Object({
  ...AdminItem.properties,
  warnings: Type.Array(PublishWarning),
});

/** The storefront's filters, pending accepted, plus the owner's inbox filter. */
export const AdminItemListQuery = StrictObject({
  ...ItemListQuery.properties,
  new_submissions: Type.Optional(
    Type.Boolean({
      description: 'true: only pending submissions whose draft is not yet accepted or dismissed',
    }),
  ),
});
export type AdminItemListQuery = Static<typeof AdminItemListQuery>;

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
  ...ItemDetailsBody,
});
export type CreateItemBody = Static<typeof CreateItemBody>;

export const UpdateItemBody = StrictObject(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    price_cents: Type.Optional(Price),
    category_id: Type.Optional(Type.Union([Id, Type.Null()])),
    tag_ids: Type.Optional(TagIds),
    ...ItemDetailsBody,
  },
  { minProperties: 1 },
);
export type UpdateItemBody = Static<typeof UpdateItemBody>;

export const ItemImageParams = StrictObject({ id: Id, image_id: Id });
