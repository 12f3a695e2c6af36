import type { PriceSource } from '../../db/schema.js';
import type { PublishWarningCode } from './admin-items.schemas.js';

const MESSAGES: Record<PublishWarningCode, string> = {
  no_photo: 'The item has no photo; customers will see a blank picture.',
  no_category: 'The item is in no category; it will not show under any category filter.',
  default_price: 'The price is still the default; no person or model has set it.',
};

/**
 * What an owner should look at before publishing (issue 17, API 7). Warnings,
 * not refusals: publishing goes ahead, and the same list is in every admin
 * view, so the page can show them before the owner confirms.
 */
export function publishWarningsOf(item: {
  images: readonly unknown[];
  category: unknown;
  price_source: PriceSource;
}): Array<{ code: PublishWarningCode; message: string }> {
  const codes: PublishWarningCode[] = [];
  if (item.images.length === 0) codes.push('no_photo');
  if (item.category === null) codes.push('no_category');
  if (item.price_source === 'default') codes.push('default_price');
  return codes.map((code) => ({ code, message: MESSAGES[code] }));
}
