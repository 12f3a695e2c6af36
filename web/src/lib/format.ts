const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Integer cents as the shopper's locale writes the shop's currency (SHOP_CURRENCY). */
export function formatPrice(cents: number, currency: string): string {
  let format = priceFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    priceFormats.set(currency, format);
  }
  return format.format(cents / 100);
}

/** Major units typed into a price field ("12.50", "12,5") → integer cents, or null. */
export function parseMajorUnits(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (normalised === '' || !/^\d+(\.\d{0,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

export function centsToMajorText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** mm:ss left until a moment (never negative). */
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A wait from `Retry-After` seconds, in words ("40 seconds", "12 minutes"). */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * A calendar day the server names ("2026-01-18", e.g. the last day to pay, counted in the
 * shop's time zone) in the reader's words; a day has no zone, so none shifts it.
 */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A moment today or soon, in the reader's own time ("14:35"). */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso));
}
