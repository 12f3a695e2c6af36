import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormatLanguage } from '../lib/format';
import { icuLite } from './icu-lite';

/** The languages the shop speaks (contract, third round: SHOP_LANGUAGE); the server's list. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie a visitor's choice in the footer is kept in; the server reads it for `<html lang>`. */
export const LANGUAGE_COOKIE = 'shop_lang';

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.includes(value as Language);

// One chunk per language and namespace: a page loads only its language's catalogue.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, done: ReadCallback) {
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) return done(new Error(`No catalogue ${language}/${namespace}`), false);
    load().then(
      (module) => done(null, module.default),
      (error: Error) => done(error, false),
    );
  },
};

function cookieLanguage(): Language | undefined {
  const match = /(?:^|;\s*)shop_lang=([a-z]+)/.exec(document.cookie);
  return isLanguage(match?.[1]) ? match[1] : undefined;
}

/**
 * The page's language: the visitor's own choice (the footer's cookie), else what the
 * server wrote into `<html lang>` (the customer's stored choice, the browser's
 * Accept-Language among the shop's languages, or the shop's own).
 */
export function initialLanguage(): Language {
  const fromPage = document.documentElement.lang;
  return cookieLanguage() ?? (isLanguage(fromPage) ? fromPage : 'en');
}

/** The namespace the page at this path reads first: loaded with the shared ones, in parallel. */
function namespaceOf(pathname: string): string {
  if (pathname.startsWith('/account/orders')) return 'orders';
  if (pathname.startsWith('/account')) return 'account';
  if (pathname.startsWith('/upload/')) return 'upload';
  if (pathname.startsWith('/cart')) return 'cart';
  return 'storefront';
}

/** Loads the language's shared catalogues before the first render, so no page flashes keys. */
export async function startI18n(language: Language): Promise<void> {
  // The server wrote it already; the dev server's page did not.
  document.documentElement.lang = language;
  setFormatLanguage(language);
  await i18next
    // ICU messages through a small formatter (icu-lite.ts), not intl-messageformat.
    .use(icuLite)
    .use(initReactI18next)
    .use(catalogueBackend)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Every key is in every language (npm run i18n:check): no second catalogue is loaded.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', 'errors', namespaceOf(window.location.pathname)],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}

/** Switches the page's language now and remembers it for this browser. */
export async function setLanguage(language: Language): Promise<void> {
  document.documentElement.lang = language;
  // A plain cookie the server reads for <html lang>; no Cookie Store API in every browser yet.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  setFormatLanguage(language);
  await i18next.changeLanguage(language);
}

/**
 * The words for an API refusal's stable `code` in the page's language; the server's own
 * message when the catalogue has no entry for it (a code newer than this client). The
 * English catalogue mostly says "{message}": the server writes English, and its sentence
 * names the particular problem.
 */
export function messageForCode(code: string, serverMessage: string): string {
  if (!i18next.isInitialized || !i18next.exists(code, { ns: 'errors' })) return serverMessage;
  return i18next.t(code, { ns: 'errors', message: serverMessage });
}

export { i18next };
