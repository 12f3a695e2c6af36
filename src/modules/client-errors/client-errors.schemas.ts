import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StrictObject } from '../../http/schemas.js';

/** Where in the web client the error happened (contract: Client error reports). */
export const CLIENT_ERROR_CONTEXTS = [
  'storefront',
  'item',
  'account',
  'cart',
  'admin',
  'upload',
] as const;

/** Longer fields are cut to these lengths, never refused (spec 4.5 rule 2). */
export const FIELD_LIMITS = {
  message: 1_000,
  url: 1_000,
  user_agent: 1_000,
  stack: 8_000,
  component_stack: 8_000,
} as const;

// No maxLength here on purpose: over-long text is truncated by the handler.
// The route's body limit still bounds what a stranger can send. The optional
// fields take null as "absent": a browser's `error.stack` or React's component
// stack is null as often as missing, and such a report is still worth a line.
export const ClientErrorReport = StrictObject({
  context: Type.Unsafe<(typeof CLIENT_ERROR_CONTEXTS)[number]>(
    Type.String({
      enum: [...CLIENT_ERROR_CONTEXTS],
      description: 'Where in the web client it happened',
    }),
  ),
  message: Type.String(),
  stack: Type.Optional(Nullable(Type.String())),
  component_stack: Type.Optional(Nullable(Type.String())),
  url: Type.Optional(Nullable(Type.String())),
  user_agent: Type.Optional(Nullable(Type.String())),
});
export type ClientErrorReport = Static<typeof ClientErrorReport>;
