import { Type } from '@sinclair/typebox';
import { RequiredText, StrictObject } from '../../http/schemas.js';
import { TagRef } from '../storefront/items.schemas.js';
import { SLUG_PATTERN } from './slugs.js';

const Name = RequiredText(60);
const Slug = Type.String({ pattern: SLUG_PATTERN, maxLength: 60 });

export const AdminTag = Type.Object({
  ...TagRef.properties,
  item_count: Type.Integer({ description: 'Items in any state' }),
});
export const TagList = Type.Object({ tags: Type.Array(AdminTag) });

// colour is never input: it is derived from the slug.
export const CreateTagBody = StrictObject({ name: Name, slug: Type.Optional(Slug) });
export const UpdateTagBody = StrictObject(
  { name: Type.Optional(Name), slug: Type.Optional(Slug) },
  { minProperties: 1 },
);
