import { Type } from '@sinclair/typebox';
import { Id, RequiredText, StrictObject } from '../../http/schemas.js';
import { CategoryTree } from '../storefront/items.schemas.js';
import { SLUG_PATTERN } from './slugs.js';

const Name = RequiredText(100);
const Slug = Type.String({ pattern: SLUG_PATTERN, maxLength: 60 });

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
});

export const CategoryTreeResponse = Type.Object({ categories: Type.Array(Type.Ref(CategoryTree)) });

export const CreateCategoryBody = StrictObject({
  name: Name,
  slug: Type.Optional(Slug),
  parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
});

export const UpdateCategoryBody = StrictObject(
  {
    name: Type.Optional(Name),
    slug: Type.Optional(Slug),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { minProperties: 1 },
);
