import { type ObjectOptions, type TProperties, type TSchema, Type } from '@sinclair/typebox';

/** An object that refuses unknown properties (the contract: never silently dropped). */
export const StrictObject = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A value or null (never absent). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A positive database id in a path. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = StrictObject({ id: Id });

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable snake_case code' }),
      message: Type.String({ description: 'Human sentence; may change' }),
      field: Type.Optional(Type.String({ description: 'The input field at fault' })),
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

/** A 204: no body. */
export const NoContent = Type.Null({ description: 'No content' });

export const Email = Type.String({ format: 'email', maxLength: 254 });
