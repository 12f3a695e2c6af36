import { type Static, Type } from '@sinclair/typebox';
import { SHOP_LANGUAGES } from '../../config.js';
import { DateTime, Nullable, StrictObject } from '../../http/schemas.js';
import { LOOKUP_ONLY } from '../../http/validation.js';
import { Order, SavedAddress } from '../orders/orders.schemas.js';

// Surrounding spaces are allowed: the address is trimmed and lower-cased before
// use (issue 4), so " Ann@Example.com " registers as ann@example.com.
const EmailInput = Type.String({
  maxLength: 254,
  pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
  description: 'Trimmed and lower-cased before use',
});

// Sign-in and reset requests take any text: a malformed address simply matches no
// account, and so does one with text the database cannot hold (same answer as unknown).
const EmailLookup = Type.String({ minLength: 1, maxLength: 254, [LOOKUP_ONLY]: true });

// Length and commonness are checked by the service (400 weak_password); this only
// bounds the Argon2 input.
const NewPassword = Type.String({ maxLength: 1024, description: '8 to 128 characters' });
const CurrentPassword = Type.String({ minLength: 1, maxLength: 1024 });

// At least one non-space character: a whitespace-only name counts as missing.
const Name = Type.String({ maxLength: 100, pattern: '\\S' });

const ConsentText = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'The exact wording shown to the customer',
});

const Token = Type.String({ maxLength: 200 });

/** A language the shop speaks (SHOP_LANGUAGES): the customer's choice for pages and mails. */
const Language = Type.Union(
  SHOP_LANGUAGES.map((language) => Type.Literal(language)),
  { description: "The language of the shop's pages and of the mails to this customer" },
);

/** Route config: a missing, blank or malformed name is refused naming that name (spec 4.1). */
export const NAME_ERROR_CODES = {
  first_name: 'first_name_required',
  last_name: 'last_name_required',
} as const;

export const RegisterBody = StrictObject({
  email: EmailInput,
  password: NewPassword,
  first_name: Name,
  last_name: Name,
  marketing_consent: Type.Optional(Type.Boolean()),
  marketing_consent_text: Type.Optional(ConsentText),
  /** The page's language when registering: the verification mail goes in it. */
  language: Type.Optional(Language),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = StrictObject({ email: EmailLookup, password: CurrentPassword });
export type LoginBody = Static<typeof LoginBody>;

export const UpdateMeBody = StrictObject({
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  email: Type.Optional(EmailInput),
  marketing_consent: Type.Optional(Type.Boolean()),
  marketing_consent_text: Type.Optional(ConsentText),
  /** null: no choice of one's own (mails in the shop's language). */
  language: Type.Optional(Nullable(Language)),
});
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const VerifyEmailBody = StrictObject({ token: Token });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ResetRequestBody = StrictObject({ email: EmailLookup });
export type ResetRequestBody = Static<typeof ResetRequestBody>;

export const ResetCompleteBody = StrictObject({ token: Token, password: NewPassword });
export type ResetCompleteBody = Static<typeof ResetCompleteBody>;

export const DeleteMeBody = StrictObject({ password: CurrentPassword });
export type DeleteMeBody = Static<typeof DeleteMeBody>;

/** The contract's customer object: exactly these fields. */
export const CustomerResponse = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    first_name: Type.Union([Type.String(), Type.Null()]),
    last_name: Type.Union([Type.String(), Type.Null()]),
    email_verified: Type.Boolean(),
    marketing_consent: Type.Boolean(),
    sold_notifications: Type.Boolean(),
    created_at: DateTime,
    /** Added in issue 37: the customer's language; absent while they never chose one. */
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type CustomerResponse = Static<typeof CustomerResponse>;

/** GET /api/customers/session: the signed-in customer, or null for nobody. */
export const SessionResponse = Type.Object(
  { customer: Nullable(CustomerResponse) },
  { title: 'Session' },
);

/** The same body for every address, known or not (spec 4.1). */
export const ResetRequestResponse = Type.Object({ message: Type.String() });

const Consent = Type.Object({
  given: Type.Boolean(),
  text: Nullable(Type.String()),
  recorded_at: Nullable(DateTime),
});

const ItemRef = {
  item_id: Type.Integer(),
  title: Type.String(),
};

/** Everything held about a customer (GET /me/export); never a digest or hash. */
export const AccountExport = Type.Object({
  exported_at: DateTime,
  profile: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    email_verified: Type.Boolean(),
    created_at: DateTime,
    updated_at: DateTime,
  }),
  consents: Type.Object({ marketing: Consent, sold_notifications: Consent }),
  favorites: Type.Array(Type.Object({ ...ItemRef, favorited_at: DateTime })),
  purchases: Type.Array(
    Type.Object({ ...ItemRef, price_cents: Type.Integer(), sold_at: Nullable(DateTime) }),
  ),
  reservations: Type.Array(Type.Object({ ...ItemRef, reserved_until: Nullable(DateTime) })),
  /** Every order as it was at the sale (issue 18), and the saved addresses. */
  orders: Type.Array(Order),
  addresses: Type.Array(SavedAddress),
  sessions: Type.Array(
    Type.Object({ created_at: DateTime, expires_at: DateTime, current: Type.Boolean() }),
  ),
  tokens: Type.Array(
    Type.Object({
      kind: Type.String(),
      created_at: DateTime,
      expires_at: DateTime,
      used_at: Nullable(DateTime),
    }),
  ),
});
export type AccountExport = Static<typeof AccountExport>;
