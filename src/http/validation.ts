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
 * At most this many fields are named for one refused body. Ajv's own `allErrors` has
 * no bound (a body of many wrong values makes as many error objects, a known way to
 * tie up a server), so the fields are found by the walk below instead, and it stops here.
 */
export const MAX_FIELD_ISSUES = 20;

interface ObjectSchema extends JsonSchema {
  type?: unknown;
  $id?: string;
  required?: string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isObjectSchema = (schema: ObjectSchema | undefined): schema is ObjectSchema =>
  schema?.type === 'object' && isPlainObject(schema.properties);

/**
 * Every field at fault in a body the schema refused (issue 30 item 6), each as Ajv
 * would report it alone: a missing required field, an unknown one, or the first problem
 * of a present field's value. Nested objects (an address in a checkout) are walked into,
 * so their fields are named one by one. Each value is checked once more, fail-fast, and
 * the walk stops after MAX_FIELD_ISSUES, so the extra work is bounded by the body.
 */
function fieldIssues(
  schema: ObjectSchema,
  data: unknown,
  validatorOf: (schema: ObjectSchema) => ValidateFunction | null,
): ErrorObject[] {
  const found: ErrorObject[] = [];
  const full = () => found.length >= MAX_FIELD_ISSUES;
  const issue = (instancePath: string, keyword: string, params: Record<string, unknown>) =>
    found.push({ instancePath, keyword, params, schemaPath: '' });

  function walk(object: ObjectSchema, value: Record<string, unknown>, path: string): void {
    const properties = object.properties ?? {};
    const required = new Set(object.required ?? []);
    for (const [key, property] of Object.entries(properties)) {
      if (full()) return;
      const at = `${path}/${key}`;
      if (!Object.hasOwn(value, key)) {
        if (required.has(key)) issue(path, 'required', { missingProperty: key });
        continue;
      }
      const inner = value[key];
      if (isObjectSchema(property) && isPlainObject(inner)) {
        walk(property, inner, at);
        continue;
      }
      const validate = validatorOf(property);
      const first = validate && !validate(inner) ? validate.errors?.[0] : undefined;
      if (first) found.push({ ...first, instancePath: `${at}${first.instancePath}` });
    }
    if (object.additionalProperties !== false) return;
    for (const key of Object.keys(value)) {
      if (full()) return;
      if (!Object.hasOwn(properties, key))
        issue(path, 'additionalProperties', { additionalProperty: key });
    }
  }

  if (isObjectSchema(schema) && isPlainObject(data)) walk(schema, data, '');
  return found;
}

/** A property's own validator, compiled the first time a refusal needs it. */
function subValidators(ajv: Ajv) {
  const compiled = new WeakMap<object, ValidateFunction | null>();
  return (schema: ObjectSchema): ValidateFunction | null => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      try {
        validate = schema.$id ? (ajv.getSchema(schema.$id) ?? null) : ajv.compile(schema);
      } catch {
        validate = null; // a part that cannot stand alone: the first issue still names it
      }
      compiled.set(schema, validate);
    }
    return validate;
  };
}

/**
 * A body validator that, once the body is refused, adds every other field at fault
 * after Ajv's first issue (which keeps deciding the refusal's code and field).
 */
function withEveryField(
  schema: ObjectSchema,
  validate: ValidateFunction,
  validatorOf: (schema: ObjectSchema) => ValidateFunction | null,
): ValidateFunction {
  if (!isObjectSchema(schema)) return validate;
  const wrapped = ((data: unknown) => {
    const ok = validate(data);
    wrapped.errors = ok
      ? validate.errors
      : [...(validate.errors ?? []).slice(0, 1), ...fieldIssues(schema, data, validatorOf)];
    return ok;
  }) as ValidateFunction;
  return wrapped;
}

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
  const bodyPartValidator = subValidators(fromBody);
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }) => {
    if (httpPart === 'body')
      return withStorableText(
        schema as JsonSchema,
        withEveryField(
          schema as ObjectSchema,
          fromBody.compile(schema as object),
          bodyPartValidator,
        ),
      );
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
