import { type ObjectOptions, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { MAX_FIELD_ISSUES } from './validation.js';

/** An object that refuses unknown properties (the contract: never silently dropped). */
export const StrictObject = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A value or null (never absent). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The largest value of a PostgreSQL `integer` column (ids, prices, counts). */
export const MAX_INTEGER_COLUMN = 2_147_483_647;

/** Whether a number from input fits an `integer` id column: a whole number from 1 up. */
export const isIdValue = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INTEGER_COLUMN;

/** A positive database id in a path. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INTEGER_COLUMN });

export const IdParams = StrictObject({ id: Id });

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable snake_case code' }),
      message: Type.String({ description: 'Human sentence; may change' }),
      field: Type.Optional(Type.String({ description: 'The input field at fault' })),
      fields: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.String({
              description: 'The field, dotted when nested (shipping_address.city)',
            }),
            message: Type.String({ description: 'What is wrong, in words for a person' }),
          }),
          {
            maxItems: MAX_FIELD_ISSUES,
            description: `A refused body: every field at fault (at most ${MAX_FIELD_ISSUES}), in the order of the form`,
          },
        ),
      ),
      available_again_at: Type.Optional(
        Type.String({
          format: 'date-time',
          description:
            'item_unavailable refused by the caller’s own cool-down: when they may hold it again',
        }),
      ),
    }),
  },
  { $id: 'ErrorResponse', title: 'Error' },
);

const ErrorRef = Type.Ref(ErrorResponse);

/** Response schemas for refusals, by status: `errors(400, 401)`. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorRef } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorRef])) as {
    [K in S[number]]: typeof ErrorRef;
  };
}

/** A timestamp: a Date from the database, an ISO-8601 string on the wire. */
export const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });

/** A 304 to a current `If-None-Match` (routes that send an ETag): no body. */
export const NotModified = Type.Null({
  description: 'Not modified: the ETag sent in If-None-Match is still current',
});

/** A 204: no body. */
export const NoContent = Type.Null({ description: 'No content' });

export const Email = Type.String({ format: 'email', maxLength: 254 });

/**
 * A name or title: stored trimmed, so it must hold something besides whitespace
 * (a blank one would be empty once trimmed). Refused by the schema, before any
 * write, instead of by the database's length CHECK as a 500.
 */
export const RequiredText = (maxLength: number, options: { description?: string } = {}) =>
  Type.String({ maxLength, pattern: '\\S', ...options });
