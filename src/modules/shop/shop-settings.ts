import type { Config, ShopSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { TaxMode } from '../../db/schema.js';
import { headerSafeName, type Sender } from '../../mail/signature.js';
import { type ShopSettingsRow, shopSettingsRepository } from './shop-settings.repository.js';

/** The name a shop has until its owner gives it one. */
export const DEFAULT_SHOP_NAME = 'Shop';

/**
 * The shop's own settings as the code uses them (issue 33 item 1): what buyers are
 * told (name, address, pickup, how to pay), who is told of new orders, how mail is
 * signed, and the tax and time zone later issues count with. Kept in the database
 * and edited in the admin; the environment only seeds the first row.
 */
export interface ShopProfile extends ShopSettings {
  readonly name: string;
  readonly logoPath: string | null;
  /** Where owner notices go: the saved address, else the first admin's (null: no admin yet). */
  readonly contactEmail: string | null;
  /** The address as saved, null while the shop falls back on the first admin's. */
  readonly savedContactEmail: string | null;
  readonly address: string | null;
  /** The name mail is sent under; the shop's name when none is set. */
  readonly mailSenderName: string;
  readonly savedMailSenderName: string | null;
  readonly notify: { readonly orders: boolean; readonly submissions: boolean };
  /** When the owner last saved them. */
  readonly updatedAt: Date;
  readonly tax: {
    readonly mode: TaxMode;
    readonly rateBp: number;
    readonly ratesBp: Readonly<Record<string, number>>;
    readonly note: string | null;
  };
}

/** Reads the settings wherever they are needed; every instance reads the same row. */
export interface ShopSettingsSource {
  /** The settings as committed now (or as `db`, a transaction, sees them). */
  current(db?: Db): Promise<ShopProfile>;
}

export function rowToProfile(row: ShopSettingsRow, firstAdminEmail: string | null): ShopProfile {
  return {
    name: row.name,
    logoPath: row.logo_path,
    contactEmail: row.contact_email ?? firstAdminEmail,
    savedContactEmail: row.contact_email,
    address: row.address,
    pickup: { address: row.pickup_address, hours: row.pickup_hours },
    paymentInstructions: row.payment_instructions,
    mailSenderName: row.mail_sender_name ?? row.name,
    savedMailSenderName: row.mail_sender_name,
    notify: { orders: row.notify_orders, submissions: row.notify_submissions },
    tax: {
      mode: row.tax_mode,
      rateBp: row.tax_rate_bp,
      ratesBp: row.tax_rates_bp ?? {},
      note: row.tax_note,
    },
    timeZone: row.time_zone,
    updatedAt: row.updated_at,
  };
}

/** The first row, from what the environment says (SHOP_PICKUP_*, SHOP_PAYMENT_INSTRUCTIONS, SHOP_TIME_ZONE). */
export function seedRow(config: Pick<Config, 'shop'>, now: Date) {
  return {
    name: DEFAULT_SHOP_NAME,
    logo_path: null,
    contact_email: null,
    address: null,
    pickup_address: config.shop.pickup.address,
    pickup_hours: config.shop.pickup.hours,
    payment_instructions: config.shop.paymentInstructions,
    mail_sender_name: null,
    tax_note: null,
    time_zone: config.shop.timeZone,
    updated_at: now,
  };
}

/**
 * The settings, read from their row at each use. One primary-key read of one small
 * row costs less than keeping a copy right across instances (no cache to invalidate,
 * so a save on one instance is what every other instance's next request reads).
 */
export function shopSettingsSource(
  db: Db,
  seed: () => ReturnType<typeof seedRow>,
): ShopSettingsSource {
  return {
    async current(on = db) {
      const rows = shopSettingsRepository(on);
      let row = await rows.read();
      if (!row) {
        // Only before the first start's seed (a database migrated by hand): seed now.
        // On the caller's own handle: a transaction never waits on a second connection.
        await rows.seed(seed());
        row = (await rows.read())!;
      }
      return rowToProfile(row, row.first_admin_email);
    },
  };
}

/** The From name and the sign-off of every mail, from the settings (issue 33 item 1). */
export function senderOf(profile: ShopProfile): Sender {
  return {
    fromName: headerSafeName(profile.mailSenderName) || null,
    signature: [profile.name, profile.address, profile.contactEmail]
      .filter((part): part is string => Boolean(part))
      .join('\n'),
  };
}
