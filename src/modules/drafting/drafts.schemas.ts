import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, StrictObject } from '../../http/schemas.js';
import { DimensionsBody, WeightGrams } from '../catalogue/item-details.js';
import { Price } from '../storefront/item-filters.js';
import { Condition, Dimensions } from '../storefront/items.schemas.js';

export const DRAFT_STATES = [
  'queued',
  'processing',
  'drafted',
  'failed',
  'accepted',
  'dismissed',
] as const;
const DraftState = Type.Union(DRAFT_STATES.map((state) => Type.Literal(state)));

const DraftSuggestions = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    price_cents: Type.Integer(),
    category_id: Nullable(Type.Integer()),
    tag_ids: Type.Array(Type.Integer(), { description: 'Tags from the registry' }),
    proposed_tags: Type.Array(Type.String(), {
      description: 'Tags the model wanted that the registry does not have; never created here',
    }),
    condition: Type.Optional(Nullable(Condition)),
    weight_grams: Type.Optional(Nullable(Type.Integer())),
    dimensions: Type.Optional(Nullable(Dimensions)),
  },
  { title: 'DraftSuggestions' },
);

/** A draft as the admin's inbox shows it (contract: GET /api/admin/drafts). */
export const Draft = Type.Object(
  {
    id: Type.Integer(),
    item_id: Type.Integer(),
    state: DraftState,
    note: Type.String(),
    remove_background: Type.Boolean(),
    created_at: DateTime,
    attempts: Type.Integer({ description: 'Runs of the drafting step so far' }),
    last_error: Nullable(Type.String({ description: 'Why the last run failed' })),
    last_error_code: Nullable(
      Type.Union(
        [Type.Literal('published_first'), Type.Literal('paused'), Type.Literal('run_failed')],
        {
          description:
            'Why there are no suggestions, for a client to word in its language: the item was published before the run (`published_first`), drafting is paused while the model server is away (`paused`), or a run failed (`run_failed`; `last_error` is the detail)',
        },
      ),
    ),
    lease_until: Nullable(DateTime),
    drafted_at: Nullable(DateTime),
    reviewed_at: Nullable(DateTime),
    model: Nullable(Type.String({ description: 'The model that made the suggestions' })),
    suggestions: Nullable(DraftSuggestions),
    cutouts: Type.Array(
      Type.Object({
        image_id: Type.Integer(),
        applied: Type.Boolean(),
        reason: Nullable(Type.String({ description: 'Why the cut-out was not applied' })),
      }),
    ),
    link: Nullable(
      Type.Object({
        id: Type.Integer(),
        label: Nullable(Type.String()),
        contact_email: Nullable(Type.String()),
      }),
    ),
    item: Type.Object({
      title: Type.String(),
      status: Type.String(),
      price_cents: Type.Integer(),
      price_source: Type.String({ enum: ['model', 'default', 'manual'] }),
    }),
    photos: Type.Array(
      Type.Object({
        id: Type.Integer(),
        url: Type.String(),
        width: Type.Integer(),
        height: Type.Integer(),
        position: Type.Integer(),
        has_original: Type.Boolean(),
        original_url: Nullable(Type.String({ description: 'The photo before its cut-out' })),
      }),
    ),
  },
  { $id: 'Draft', title: 'Draft' },
);
export type Draft = Static<typeof Draft>;

export const DraftList = Type.Object({
  drafts: Type.Array(Type.Ref(Draft)),
  next_cursor: Nullable(Type.String()),
  configured_model: Nullable(
    Type.String({
      description:
        'The model the drafting step uses (DRAFT_PROVIDER, DRAFT_MODEL), e.g. "openai:gpt-4o-mini"; ' +
        'null when none is set up: drafts then get cut-outs but no suggestions',
    }),
  ),
});

export const DraftListQuery = StrictObject({
  state: Type.Optional(DraftState),
  item_pending: Type.Optional(
    Type.Boolean({
      description:
        'true: the inbox, drafts whose item is still pending; false: drafts whose item was ' +
        'published, held or sold since (kept with their state). Absent: every draft',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
  cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
});
export type DraftListQuery = Static<typeof DraftListQuery>;

/** `true` takes the suggestion as it is; a value is the person's own (an edited price is manual). */
const TakeOr = <T extends Parameters<typeof Type.Union>[0][number]>(edit: T) =>
  Type.Optional(Type.Union([Type.Literal(true), edit]));

export const AcceptDraftBody = StrictObject(
  {
    title: TakeOr(Type.String({ minLength: 1, maxLength: 200 })),
    description: TakeOr(Type.String({ maxLength: 10_000 })),
    price_cents: TakeOr(Price),
    category_id: TakeOr(Nullable(Id)),
    tag_ids: TakeOr(Type.Array(Id, { maxItems: 50, uniqueItems: true })),
    // Item details (issue 34): true takes the suggestion (none suggested: left as it is).
    condition: TakeOr(Nullable(Condition)),
    weight_grams: TakeOr(WeightGrams),
    dimensions: TakeOr(DimensionsBody),
  },
  {
    minProperties: 1,
    description:
      'The fields to apply to the item: true takes the suggestion, a value is an edit. Nothing is published.',
  },
);
export type AcceptDraftBody = Static<typeof AcceptDraftBody>;
