import { type Static, Type } from '@sinclair/typebox';
import type { ItemCondition } from '../../db/schema.js';
import { ITEM_CONDITIONS } from '../storefront/item-filters.js';

const Mm = Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()]);

/**
 * What the model is asked for and what a draft keeps: the JSON schema sent as
 * the structured-output format, and the shape every answer is checked against
 * before anything is stored (issue: title, description, price in cents, one
 * category from the tree, tags from the registry, unknown tags proposed apart).
 */
export const ModelAnswer = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.String({ maxLength: 4000 }),
    price_cents: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    category_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    tags: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 }),
    proposed_tags: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 }),
    // Item details (issue 34): optional, so a server that leaves them out still drafts.
    condition: Type.Optional(
      Type.Union([Type.Union(ITEM_CONDITIONS.map((c) => Type.Literal(c))), Type.Null()]),
    ),
    weight_grams: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()]),
    ),
    dimensions: Type.Optional(
      Type.Union([
        Type.Object({ width_mm: Mm, height_mm: Mm, depth_mm: Mm }, { additionalProperties: false }),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type ModelAnswer = Static<typeof ModelAnswer>;

/** The suggestions stored on a draft: the model's answer, held to the tree and the registry. */
export interface Suggestions {
  title: string;
  description: string;
  price_cents: number;
  /** A category that exists in the tree, or null. */
  category_id: number | null;
  /** Ids of registry tags the model picked. */
  tag_ids: number[];
  /** Names the model wanted that the registry does not have; never created by the drafting step. */
  proposed_tags: string[];
  /** Item details (issue 34); absent on drafts from before, null when the model did not say. */
  condition?: ItemCondition | null;
  weight_grams?: number | null;
  dimensions?: {
    width_mm: number | null;
    height_mm: number | null;
    depth_mm: number | null;
  } | null;
}

export interface CategoryChoice {
  id: number;
  /** The category's place in the tree, e.g. "Furniture / Tables". */
  path: string;
}

export interface TagChoice {
  id: number;
  slug: string;
  name: string;
}

/**
 * Holds an answer to what exists: a category id not in the tree becomes null,
 * a tag not in the registry moves to the proposed ones (matched by slug or
 * name, case-insensitively), duplicates go.
 */
export function toSuggestions(
  answer: ModelAnswer,
  categories: readonly CategoryChoice[],
  tags: readonly TagChoice[],
): Suggestions {
  const bySlugOrName = new Map<string, number>();
  for (const tag of tags) {
    bySlugOrName.set(tag.slug.toLowerCase(), tag.id);
    bySlugOrName.set(tag.name.toLowerCase(), tag.id);
  }
  const tagIds = new Set<number>();
  const proposed = new Set<string>();
  for (const name of answer.tags) {
    const id = bySlugOrName.get(name.trim().toLowerCase());
    if (id === undefined) proposed.add(name.trim());
    else tagIds.add(id);
  }
  for (const name of answer.proposed_tags) {
    const id = bySlugOrName.get(name.trim().toLowerCase());
    if (id === undefined) proposed.add(name.trim());
    else tagIds.add(id);
  }
  const categoryExists =
    answer.category_id !== null && categories.some((c) => c.id === answer.category_id);
  return {
    title: answer.title.trim(),
    description: answer.description.trim(),
    price_cents: answer.price_cents,
    category_id: categoryExists ? answer.category_id : null,
    tag_ids: [...tagIds],
    proposed_tags: [...proposed].filter(Boolean),
    condition: answer.condition ?? null,
    weight_grams: answer.weight_grams ?? null,
    // Nothing measured is no suggestion.
    dimensions:
      answer.dimensions && Object.values(answer.dimensions).some((mm) => mm !== null)
        ? answer.dimensions
        : null,
  };
}
