import { emailProblem, normaliseEmail } from '../../auth/email.js';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import type { ProcessedImage } from '../../media/image-upload.js';
import { type MediaStorage, mediaUrlFor } from '../../media/storage.js';
import type { ShopProfile } from './shop-settings.js';
import type { ShopSettingsChange } from './shop-settings.repository.js';
import { shopSettingsRepository } from './shop-settings.repository.js';
import type { AdminShopSettings, ShopSettingsChangeBody } from './shop-settings.schemas.js';

/** Blank is no value: a cleared field is stored as null, never as spaces. */
const blankless = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.replace(/\r\n?/g, '\n').trim() || null;

/** An IANA zone name as Intl knows it, or null (offsets such as +02:00 know no summer time). */
export function ianaZone(raw: string): string | null {
  try {
    const zone = new Intl.DateTimeFormat('en', { timeZone: raw.trim() }).resolvedOptions().timeZone;
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) ? zone : null;
  } catch {
    return null;
  }
}

export function profileToAdmin(
  profile: ShopProfile,
  mediaUrl: (path: string) => string,
): AdminShopSettings {
  return {
    name: profile.name,
    logo_url: profile.logoPath ? mediaUrl(profile.logoPath) : null,
    contact_email: profile.contactEmail,
    address: profile.address,
    pickup: { address: profile.pickup.address, hours: profile.pickup.hours },
    payment_instructions: profile.paymentInstructions,
    mail_sender_name: profile.savedMailSenderName,
    notify: { ...profile.notify },
    tax: {
      mode: profile.tax.mode,
      rate_bp: profile.tax.rateBp,
      rates_bp: { ...profile.tax.ratesBp },
      note: profile.tax.note,
    },
    time_zone: profile.timeZone,
    updated_at: profile.updatedAt.toISOString(),
  };
}

/** The admin's side of the settings (issue 33 item 1): read, change any subset, the logo. */
export function shopSettingsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'shop'>,
  storage: MediaStorage,
) {
  const mediaUrl = mediaUrlFor(ctx.config);

  async function view(): Promise<AdminShopSettings> {
    const profile = await ctx.shop.current();
    return profileToAdmin(profile, mediaUrl);
  }

  /** The body as column values, each checked; 400 naming the field otherwise. */
  function changeOf(body: ShopSettingsChangeBody): ShopSettingsChange {
    const change: ShopSettingsChange = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      if (!name) throw badRequest('invalid_body', 'The shop needs a name.', 'name');
      change.name = name;
    }
    if (body.contact_email !== undefined) {
      const email = blankless(body.contact_email);
      if (email) {
        const problem = emailProblem(email);
        if (problem) throw badRequest('invalid_body', problem, 'contact_email');
      }
      change.contact_email = email ? normaliseEmail(email) : null;
    }
    if (body.address !== undefined) change.address = blankless(body.address) ?? null;
    if (body.pickup?.address !== undefined)
      change.pickup_address = blankless(body.pickup.address) ?? null;
    if (body.pickup?.hours !== undefined)
      change.pickup_hours = blankless(body.pickup.hours) ?? null;
    if (body.payment_instructions !== undefined) {
      const instructions = blankless(body.payment_instructions) ?? null;
      // A manual payment the buyer is not told how to make never arrives (issue 30 item 12).
      if (instructions === null && ctx.config.paymentProvider === 'manual')
        throw badRequest(
          'invalid_body',
          'Buyers pay by hand in this shop: say how (bank details, the reference to quote).',
          'payment_instructions',
        );
      change.payment_instructions = instructions;
    }
    if (body.mail_sender_name !== undefined)
      change.mail_sender_name = blankless(body.mail_sender_name) ?? null;
    if (body.notify?.orders !== undefined) change.notify_orders = body.notify.orders;
    if (body.notify?.submissions !== undefined) change.notify_submissions = body.notify.submissions;
    if (body.tax?.mode !== undefined) change.tax_mode = body.tax.mode;
    if (body.tax?.rate_bp !== undefined) change.tax_rate_bp = body.tax.rate_bp;
    if (body.tax?.rates_bp !== undefined) change.tax_rates_bp = JSON.stringify(body.tax.rates_bp);
    if (body.tax?.note !== undefined) change.tax_note = blankless(body.tax.note) ?? null;
    if (body.time_zone !== undefined) {
      const zone = ianaZone(body.time_zone);
      if (!zone)
        throw badRequest(
          'invalid_body',
          'Give an IANA time zone such as Europe/Berlin or UTC.',
          'time_zone',
        );
      change.time_zone = zone;
    }
    return change;
  }

  return {
    view,

    async update(body: ShopSettingsChangeBody): Promise<AdminShopSettings> {
      const change = changeOf(body);
      await ctx.shop.current(); // seeded before the first change
      await shopSettingsRepository(ctx.db).update({ ...change, updated_at: ctx.clock.now() });
      return view();
    },

    /** A new logo in the old one's place; the old file goes once nothing references it. */
    async setLogo(photo: ProcessedImage | null): Promise<AdminShopSettings> {
      const path = photo ? await storage.put('shop', photo.extension, photo.bytes) : null;
      let old: string | null;
      try {
        old = await inTransaction(ctx.db, async (trx) => {
          await ctx.shop.current(trx);
          const before = await trx
            .selectFrom('shop_settings')
            .select('logo_path')
            .where('id', '=', 1)
            .forUpdate()
            .executeTakeFirstOrThrow();
          await shopSettingsRepository(trx).update({
            logo_path: path,
            updated_at: ctx.clock.now(),
          });
          return before.logo_path;
        });
      } catch (error) {
        if (path) await storage.remove([path]);
        throw error;
      }
      if (old) await storage.remove([old]);
      return view();
    },
  };
}

export type ShopSettingsService = ReturnType<typeof shopSettingsService>;
