import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StrictObject } from '../../http/schemas.js';

/** One line: no line breaks or other control characters (a name goes into mail headers). */
const OneLine = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description });
const Paragraphs = (maxLength: number, description: string) =>
  Type.String({ maxLength, description });

const TaxMode = Type.Unsafe<'included' | 'margin' | 'none'>(
  Type.String({
    enum: ['included', 'margin', 'none'],
    description:
      'included: prices include the tax; margin: margin scheme for second-hand goods; none: no tax shown',
  }),
);
/** Basis points: 1900 is 19 %. */
const BasisPoints = Type.Integer({ minimum: 0, maximum: 10_000 });

const Pickup = Type.Object({
  address: Nullable(Type.String()),
  hours: Nullable(Type.String()),
});

/** GET /api/admin/shop, and the answer to PUT (contract, third round). */
export const AdminShopSettings = Type.Object(
  {
    name: Type.String(),
    logo_url: Nullable(Type.String({ description: 'The logo, through the photo pipeline' })),
    contact_email: Nullable(
      Type.String({ description: 'Where owner notices go; the first admin’s until one is set' }),
    ),
    address: Nullable(Type.String()),
    pickup: Pickup,
    payment_instructions: Nullable(Type.String()),
    mail_sender_name: Nullable(
      Type.String({ description: 'The name mail is sent under; the shop’s name when null' }),
    ),
    notify: Type.Object({ orders: Type.Boolean(), submissions: Type.Boolean() }),
    tax: Type.Object({
      mode: TaxMode,
      rate_bp: Type.Integer(),
      rates_bp: Type.Record(Type.String(), Type.Integer()),
      note: Nullable(Type.String()),
    }),
    time_zone: Type.String(),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'AdminShopSettings' },
);
export type AdminShopSettings = Static<typeof AdminShopSettings>;

/** PUT /api/admin/shop: any subset; null clears an optional field. */
export const ShopSettingsChangeBody = StrictObject(
  {
    name: Type.Optional(OneLine(100, 'The shop’s name: header, page titles, mail')),
    contact_email: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 254,
          pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
          description: 'null: the first admin’s address',
        }),
      ),
    ),
    address: Type.Optional(Nullable(Paragraphs(500, 'Postal address (imprint, footer, mail)'))),
    pickup: Type.Optional(
      StrictObject({
        address: Type.Optional(Nullable(Paragraphs(500, 'Where pickup orders are collected'))),
        hours: Type.Optional(Nullable(Paragraphs(500, 'When they can be collected'))),
      }),
    ),
    payment_instructions: Type.Optional(
      Nullable(Paragraphs(2000, 'Bank details and the reference to quote (manual payments)')),
    ),
    mail_sender_name: Type.Optional(Nullable(OneLine(100, 'The name mail is sent under'))),
    notify: Type.Optional(
      StrictObject({
        orders: Type.Optional(Type.Boolean({ description: 'Mail the contact address each order' })),
        submissions: Type.Optional(
          Type.Boolean({ description: 'Mail the contact address each intake submission' }),
        ),
      }),
    ),
    tax: Type.Optional(
      StrictObject({
        mode: Type.Optional(TaxMode),
        rate_bp: Type.Optional(BasisPoints),
        rates_bp: Type.Optional(
          Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), BasisPoints, {
            maxProperties: 60,
            additionalProperties: false,
            description: 'Rates by destination country (ISO 3166-1 alpha-2), in basis points',
          }),
        ),
        note: Type.Optional(Nullable(Paragraphs(500, 'A line shown with prices'))),
      }),
    ),
    time_zone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone, e.g. Europe/Berlin' }),
    ),
  },
  { minProperties: 1 },
);
export type ShopSettingsChangeBody = Static<typeof ShopSettingsChangeBody>;
