import { type Static, Type } from '@sinclair/typebox';
import { Id, StrictObject } from '../../../http/schemas.js';
import { MAX_PHOTOS_PER_ITEM } from './item-photos-form.js';

export const ImageOrderBody = StrictObject({
  image_ids: Type.Array(Id, {
    minItems: 1,
    maxItems: MAX_PHOTOS_PER_ITEM,
    uniqueItems: true,
    description: 'Every image id of the item, once each, in the new order',
  }),
});
export type ImageOrderBody = Static<typeof ImageOrderBody>;
