import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isStorableText } from '../db/storable-text.js';

// Our contract refuses unknown fields instead of dropping them, so Ajv never
// removes anything. Strings from the URL (query, path) may be coerced where the
// schema asks for a number; a JSON body is never coerced ("5" is not 5).
const COMMON: Options = {
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  strict: false,
};

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ ...COMMON, coerceTypes });
  addFormats.default(ajv);
  return ajv;
}

type Schema = { type?: unknown; properties?: Record<string, { type?: unknown }> };

// Ajv's coercion accepts " 5", "1e3" and "0x10" as numbers. A URL that says
// limit=1e3 is malformed, so numeric URL fields must be plain decimal digits.
const PLAIN_INTEGER = /^-?\d+$/;

function numericKeys(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.type === 'integer' || property.type === 'number')
    .map(([key]) => key);
}

function withPlainNumbers(schema: Schema, validate: ValidateFunction): ValidateFunction {
  const keys = numericKeys(schema);
  if (keys.length === 0) return validate;
  const wrapped = ((data: Record<string, unknown> | null) => {
    for (const key of keys) {
      const value = data?.[key];
      if (typeof value === 'string' && !PLAIN_INTEGER.test(value)) {
        const issue: ErrorObject = {
          keyword: 'type',
          instancePath: `/${key}`,
          schemaPath: '',
          params: { type: 'integer' },
          message: 'must be a whole number',
        };
        wrapped.errors = [issue];
        return false;
      }
    }
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

/**
 * Schema annotation for a field that only looks something up (the sign-in and
 * reset-request address): text the database cannot hold simply matches nothing
 * there, so the route answers as for an unknown address instead of a 400.
 */
export const LOOKUP_ONLY = 'x-lookup-only';

type Walked = JsonSchema | undefined;
interface JsonSchema {
  [LOOKUP_ONLY]?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: unknown;
}

/** The path of the first string (or key) the database could not store, as Ajv would name it. */
function unstorablePath(data: unknown, schema: Walked, path: string, depth = 0): string | null {
  if (typeof data === 'string') {
    return schema?.[LOOKUP_ONLY] || isStorableText(data) ? null : path;
  }
  if (depth > 32 || data === null || typeof data !== 'object') return null;
  if (Array.isArray(data)) {
    for (const [i, value] of data.entries()) {
      const found = unstorablePath(value, schema?.items, `${path}/${i}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(data)) {
    if (!isStorableText(key)) return `${path}/${key}`;
    const found = unstorablePath(value, schema?.properties?.[key], `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One rule for every string the API accepts, body, query and path alike: NUL and
 * lone surrogates are refused before the schema runs, naming the field (they would
 * otherwise reach PostgreSQL and fail there as a 500).
 */
function withStorableText(schema: JsonSchema, validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown) => {
    const path = unstorablePath(data, schema, '');
    if (path !== null) {
      wrapped.errors = [
        {
          keyword: 'storableText',
          instancePath: path,
          schemaPath: '',
          params: {},
          message: 'must not contain NUL characters or unpaired surrogates',
        },
      ];
      return false;
    }
    const ok = validate(data);
    wrapped.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/**
 * Fastify's validator factory. Given as `schemaController.compilersFactory`, it
 * serves every encapsulated context, including one that adds its own shared
 * schemas (where a root-level setValidatorCompiler would silently not apply).
 */
function validatorFactory(externalSchemas: Record<string, unknown>) {
  const fromUrl = makeAjv(true);
  const fromBody = makeAjv(false);
  for (const schema of Object.values(externalSchemas)) {
    fromUrl.addSchema(schema as object);
    fromBody.addSchema(schema as object);
  }
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }) => {
    if (httpPart === 'body')
      return withStorableText(schema as JsonSchema, fromBody.compile(schema as object));
    return withStorableText(
      schema as JsonSchema,
      withPlainNumbers(schema as Schema, fromUrl.compile(schema as object)),
    );
  };
}

type ValidatorFactory = NonNullable<
  NonNullable<
    NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
  >['buildValidator']
>;
// Fastify calls the compiler with the route definition ({ schema, httpPart, … });
// @fastify/ajv-compiler's published type says it gets the bare schema.
export const buildValidator = validatorFactory as unknown as ValidatorFactory;

/** A route that declares a schema but no query parameters takes none: an unknown parameter is refused, not ignored. */
export function refuseUndeclaredQueryParameters(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema && !route.schema.querystring)
      route.schema = { ...route.schema, querystring: NO_PARAMETERS };
  });
}
