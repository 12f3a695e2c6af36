import type { ItemAvailability, OfferItemCondition, Product, WithContext } from 'schema-dts';
import type { ItemStatus } from '../../db/schema.js';
import { escapeHtml } from './page-meta.js';

/**
 * What search engines read about one item (issue 33 item 5; contract additions:
 * /items/:id): a schema.org Product with its Offer. Typed by `schema-dts`, the
 * schema.org vocabulary as TypeScript types, so a misspelt property or an
 * availability schema.org does not know fails the typecheck, not a crawler.
 */
export interface ProductFacts {
  id: number;
  title: string;
  description: string;
  status: ItemStatus;
  price_cents: number;
  /** Absolute URLs. */
  url: string;
  image: string | null;
  category: string | null;
  /** The item's condition (contract: Item `condition`) where the shop knows it. */
  condition?: ItemConditionValue | null;
}

export type ItemConditionValue = 'new' | 'like_new' | 'good' | 'fair' | 'for_parts';

/** Sold stays sold for good; a hold may lapse, so the piece is still offered, though limited. */
export function availabilityOf(status: ItemStatus): ItemAvailability {
  if (status === 'sold') return 'https://schema.org/SoldOut';
  if (status === 'reserved') return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/InStock';
}

/** schema.org knows new, used, refurbished and damaged; a piece sold for parts is damaged. */
export function schemaConditionOf(
  condition: ItemConditionValue | null | undefined,
): OfferItemCondition | null {
  if (!condition) return null;
  if (condition === 'new') return 'https://schema.org/NewCondition';
  if (condition === 'for_parts') return 'https://schema.org/DamagedCondition';
  return 'https://schema.org/UsedCondition';
}

/** 1250 cents as "12.50": the decimal form schema.org and Open Graph prices take. */
export function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function productJsonLd(item: ProductFacts, currency: string): WithContext<Product> {
  const condition = schemaConditionOf(item.condition);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${item.url}#product`,
    name: item.title,
    ...(item.description ? { description: item.description } : {}),
    url: item.url,
    sku: String(item.id),
    ...(item.image ? { image: item.image } : {}),
    ...(item.category ? { category: item.category } : {}),
    ...(condition ? { itemCondition: condition } : {}),
    offers: {
      '@type': 'Offer',
      url: item.url,
      price: decimalPrice(item.price_cents),
      priceCurrency: currency,
      availability: availabilityOf(item.status),
      ...(condition ? { itemCondition: condition } : {}),
    },
  };
}

/**
 * JSON inside `<script>`: `<`, `>` and `&` become `\u003c`…, so no text of the item
 * (a title with `</script>` or `<!--`) can end the element or open markup; the JSON
 * reads the same. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The head tags: the JSON-LD block and Open Graph's product price. */
export function productHeadTags(item: ProductFacts, currency: string): string[] {
  return [
    `<meta property="og:price:amount" content="${decimalPrice(item.price_cents)}">`,
    `<meta property="og:price:currency" content="${escapeHtml(currency)}">`,
    `<meta property="product:availability" content="${
      item.status === 'sold' ? 'out of stock' : 'in stock'
    }">`,
    `<script type="application/ld+json">${jsonForScript(productJsonLd(item, currency))}</script>`,
  ];
}
