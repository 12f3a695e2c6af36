import type { ItemStatus } from '../../db/schema.js';
import { decimalPrice, type ItemConditionValue } from './product-data.js';

/**
 * One item of the product feed in Google Merchant Center's RSS 2.0 format
 * (the `g:` namespace). Values are cut to the lengths Merchant Center takes.
 */
export interface FeedItem {
  id: number;
  title: string;
  description: string;
  status: ItemStatus;
  price_cents: number;
  /** Absolute URLs. */
  link: string;
  image: string | null;
  category: string | null;
  condition?: ItemConditionValue | null;
}

export const G_NS = 'http://base.google.com/ns/1.0';
const TITLE_LENGTH = 150;
const DESCRIPTION_LENGTH = 5000;

/** Characters XML 1.0 cannot carry at all (controls, lone surrogates): dropped, not escaped. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML element content: markup characters escaped, impossible characters dropped. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Cut at a character, not inside a surrogate pair. */
function cut(text: string, length: number): string {
  return Array.from(text).slice(0, length).join('');
}

/** Merchant Center's availability: a held piece may come back, so it is still in stock (as LimitedAvailability is). */
export function feedAvailability(status: ItemStatus): 'in_stock' | 'out_of_stock' {
  return status === 'sold' ? 'out_of_stock' : 'in_stock';
}

/** Merchant Center's conditions are new, refurbished and used; every worn piece is used. */
export function feedCondition(condition: ItemConditionValue | null | undefined): string | null {
  if (!condition) return null;
  return condition === 'new' ? 'new' : 'used';
}

export function feedItemXml(item: FeedItem, currency: string): string {
  const title = cut(item.title.replace(/\s+/g, ' ').trim(), TITLE_LENGTH);
  const description = cut(item.description.trim() || item.title, DESCRIPTION_LENGTH);
  const condition = feedCondition(item.condition);
  const lines = [
    `<g:id>${item.id}</g:id>`,
    `<title>${xmlText(title)}</title>`,
    `<description>${xmlText(description)}</description>`,
    `<link>${xmlText(item.link)}</link>`,
    ...(item.image ? [`<g:image_link>${xmlText(item.image)}</g:image_link>`] : []),
    `<g:price>${decimalPrice(item.price_cents)} ${xmlText(currency)}</g:price>`,
    `<g:availability>${feedAvailability(item.status)}</g:availability>`,
    ...(condition ? [`<g:condition>${condition}</g:condition>`] : []),
    ...(item.category ? [`<g:product_type>${xmlText(item.category)}</g:product_type>`] : []),
    // One-of-a-kind pieces have no GTIN or maker's part number; Merchant Center asks to say so.
    '<g:identifier_exists>no</g:identifier_exists>',
  ];
  return `<item>\n      ${lines.join('\n      ')}\n    </item>`;
}

export function feedHead(channel: {
  title: string;
  link: string;
  self: string;
  next: string | null;
}): string {
  const links = [
    `<atom:link rel="self" href="${xmlText(channel.self)}"/>`,
    // Paged feeds (RFC 5005): a reader finds the rest of a large catalogue from the first file.
    ...(channel.next ? [`<atom:link rel="next" href="${xmlText(channel.next)}"/>`] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="${G_NS}" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlText(channel.title)}</title>
    <link>${xmlText(channel.link)}</link>
    <description>${xmlText(`The pieces of ${channel.title}`)}</description>
    ${links.join('\n    ')}
`;
}

export const FEED_TAIL = '  </channel>\n</rss>\n';
