import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, StrictObject } from '../../http/schemas.js';
import { Item } from '../storefront/items.schemas.js';

/** `/…/:item_id` in favorites and cart paths. */
export const ItemIdParams = StrictObject({ item_id: Id });

/** GET /api/customers/me/favorites (contract: `{"items": [Item…]}`). */
export const FavoritesResponse = Type.Object({ items: Type.Array(Type.Ref(Item)) });

export const SoldNotificationsBody = StrictObject({
  enabled: Type.Boolean(),
  consent_text: Type.Optional(
    Type.String({
      maxLength: 2000,
      description: 'The exact wording shown; required when enabling',
    }),
  ),
});
export type SoldNotificationsBody = Static<typeof SoldNotificationsBody>;

export const AddToCartBody = StrictObject({ item_id: Id });

/** GET /api/cart, and the answer to an add: one deadline for the whole cart, null when empty. */
export const CartResponse = Type.Object({
  items: Type.Array(Type.Ref(Item)),
  reserved_until: Type.Union([DateTime, Type.Null()]),
});
export type CartResponse = Static<typeof CartResponse>;
