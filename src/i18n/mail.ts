import i18next from 'i18next';
import ICU from 'i18next-icu';
import type { ShopLanguage } from '../config.js';
import de from '../locales/de/mail.json' with { type: 'json' };
import en from '../locales/en/mail.json' with { type: 'json' };

/** A mail's words in one language: `t('verification.subject', { … })` (ICU messages). */
export type MailT = ((key: string, values?: Record<string, unknown>) => string) & {
  readonly language: ShopLanguage;
};

const catalogues = i18next.createInstance();
// The catalogues are bundled in: initialised at once, no loading step.
void catalogues.use(ICU).init({
  resources: { en: { mail: en }, de: { mail: de } },
  lng: 'en',
  fallbackLng: false,
  ns: ['mail'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The language mails were first written in: a template rendered without a recipient's. */
export const SOURCE_LANGUAGE: ShopLanguage = 'en';

const bound = new Map<ShopLanguage, MailT>();

/** The mail catalogue of a language (the recipient's stored choice, else SHOP_LANGUAGE). */
export function mailT(language: ShopLanguage): MailT {
  let t = bound.get(language);
  if (!t) {
    const fixed = catalogues.getFixedT(language, 'mail');
    t = Object.assign(
      (key: string, values?: Record<string, unknown>) => String(fixed(key, values)),
      {
        language,
      },
    );
    bound.set(language, t);
  }
  return t;
}
