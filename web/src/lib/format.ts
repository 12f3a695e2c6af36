/** The page's language (set by web/src/i18n when it starts or switches); every format follows it. */
let pageLanguage = 'en';

export function setFormatLanguage(language: string): void {
  pageLanguage = language;
}

export const formatLanguage = (): string => pageLanguage;

/**
 * The locale a format uses: the browser's own variant of the page's language when it
 * has one (en-GB writes 14:05 and 3 December, de-AT its own), else the language itself.
 */
export function localeOf(language: string): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && browser.toLowerCase().split('-')[0] === language.toLowerCase()
    ? browser
    : language;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** Integer cents as the page's language writes the shop's currency (SHOP_CURRENCY). */
export function formatPrice(cents: number, currency: string, language = pageLanguage): string {
  const key = `${language} ${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** Major units typed into a price field ("12.50", "12,5") → integer cents, or null. */
export function parseMajorUnits(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (normalised === '' || !/^\d+(\.\d{0,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number for a field to edit, as the page's language writes it ("12.5" in English,
 * "12,5" in German): no grouping, up to `digits` decimals (exactly that many when
 * `fixed`). Every field that shows one reads both separators back.
 */
export function decimalInput(
  value: number,
  { digits = 2, fixed = false, language = pageLanguage } = {},
): string {
  const key = `${language}/${digits}/${fixed}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      maximumFractionDigits: digits,
      minimumFractionDigits: fixed ? digits : 0,
      useGrouping: false,
    });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/** Integer cents for a price field: "12" or "12.50" ("12,50" in German). */
export function centsToMajorText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return decimalInput(cents / 100, { fixed: cents % 100 !== 0 });
}

/** mm:ss left until a moment (never negative). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A file size ("3 MB", "3 MB" in German too, "1,5" where the language writes a comma). */
export function formatBytes(bytes: number, language = pageLanguage): string {
  const unit = (value: number, name: 'megabyte' | 'kilobyte') =>
    new Intl.NumberFormat(localeOf(language), {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
    }).format(value);
  if (bytes >= 1024 * 1024) return unit(Math.round(bytes / (1024 * 1024)), 'megabyte');
  return unit(Math.max(1, Math.round(bytes / 1024)), 'kilobyte');
}

/** A time of day as the page's language writes it ("14:05", "2:05 PM"). */
export function formatTime(iso: string, language = pageLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language = pageLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A wait from `Retry-After` seconds, in words ("40 seconds", "12 Minuten"). */
export function formatWait(seconds: number, language = pageLanguage): string {
  const words = (value: number, unit: 'second' | 'minute') =>
    new Intl.NumberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'long' }).format(
      value,
    );
  if (seconds < 90) return words(Math.max(1, Math.round(seconds)), 'second');
  return words(Math.ceil(seconds / 60), 'minute');
}

/**
 * A calendar day the server names ("2026-01-18", e.g. the last day to pay, counted in the
 * shop's time zone) in the reader's words; a day has no zone, so none shifts it.
 */
export function formatDay(date: string, language = pageLanguage): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
