import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

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
          params: {},
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
    if (httpPart === 'body') return fromBody.compile(schema as object);
    return withPlainNumbers(schema as Schema, fromUrl.compile(schema as object));
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
