import type { AppError } from '../../http/errors.js';
import type { CatalogueVersion } from '../storefront/catalogue-version.js';
import type { Item } from '../storefront/items.schemas.js';
import type { StorefrontService } from '../storefront/storefront.service.js';
import { type Preload, withPageMeta, withPreloads } from './page-meta.js';
import { productHeadTags } from './product-data.js';
import type { PageFor } from './web-client.routes.js';

const ITEM_PAGE = /^\/items\/(\d+)\/?$/;
const MAX_ID = 2_147_483_647;
/** Item pages kept ready per catalogue version; older versions are simply made again. */
const CACHED_PAGES = 500;

/** The largest stored width up to 1600 px: big enough for a link preview, not the full photo. */
function shareImage(item: Item): string | null {
  const first = item.images[0];
  if (!first) return null;
  const preview = first.variants
    .filter((v) => v.width <= 1600)
    .sort((a, b) => b.width - a.width)[0];
  return preview?.url ?? first.url;
}

/** What the storefront's script asks for first (web/src/features/storefront/api.ts, PAGE_SIZE). */
export const STOREFRONT_PRELOADS: Preload[] = [
  { kind: 'fetch', href: '/api/items?limit=24' },
  { kind: 'fetch', href: '/api/filters' },
];
/** The item page's `sizes` for its big photo (web/src/features/item/components/Gallery.tsx). */
const GALLERY_SIZES = '(min-width: 52rem) 60vw, 100vw';

/** Cards: two a row on phones (web/src/features/storefront/components/ItemCard.tsx). */
const CARD_SIZES = '(min-width: 60rem) 18rem, (min-width: 40rem) 33vw, 50vw';
/** The first row of cards on a phone: the photos the storefront's largest paint waits on. */
const FIRST_CARDS = 2;

/** An item's first photo with the same candidates as the page's <img srcset> (ItemImage.tsx). */
function photoPreload(item: Item, sizes: string): Preload[] {
  const first = item.images[0];
  if (!first) return [];
  const widest = first.variants.at(-1)?.width ?? 0;
  const candidates = [
    ...first.variants.map((v) => `${v.url} ${v.width}w`),
    ...(first.width > widest ? [`${first.url} ${first.width}w`] : []),
  ];
  return [
    {
      kind: 'image',
      href: first.variants[0]?.url ?? first.url,
      ...(first.variants.length > 0 ? { srcset: candidates.join(', '), sizes } : {}),
    },
  ];
}

/**
 * The index page for a path, with an item's title, description and first image
 * for `/items/:id` of a visible item (contract additions). A pending or absent
 * item gets the plain index with 404: the client renders its "not found" from it,
 * and a crawler does not index an empty page.
 */
export function itemPages(deps: {
  storefront: Pick<StorefrontService, 'get' | 'list'>;
  version: CatalogueVersion;
  publicBaseUrl: URL;
  currency: string;
}): PageFor {
  const pages = new Map<number, { version: string; index: string; status: number; html: string }>();
  let front: { version: string; index: string; html: string } | null = null;
  const absolute = (url: string) => new URL(url, deps.publicBaseUrl).href;

  return async (urlPath, index) => {
    // The storefront without filters: its first answers and photos are known before its
    // script runs (one small query per catalogue version).
    if (urlPath === '/') {
      const version = await deps.version.current();
      if (front?.version !== version || front.index !== index) {
        const { items } = await deps.storefront.list({
          includePending: false,
          sort: 'newest',
          limit: FIRST_CARDS,
        });
        const preloads = [
          ...STOREFRONT_PRELOADS,
          ...items.flatMap((item) => photoPreload(item, CARD_SIZES)),
        ];
        front = { version, index, html: withPreloads(index, preloads) };
      }
      return { status: 200, html: front.html };
    }
    const match = ITEM_PAGE.exec(urlPath);
    if (!match) return { status: 200, html: index };
    const id = Number(match[1]);
    if (id < 1 || id > MAX_ID) return { status: 404, html: index };

    const version = await deps.version.current();
    const cached = pages.get(id);
    if (cached && cached.version === version && cached.index === index) return cached;

    let page: { status: number; html: string };
    try {
      const item = await deps.storefront.get(id);
      const image = shareImage(item);
      const url = absolute(`/items/${item.id}`);
      const imageUrl = image === null ? null : absolute(image);
      const description = item.description || item.title;
      // A sold piece keeps its page (issue 33 item 5), saying so in its snippet too.
      page = {
        status: 200,
        html: withPageMeta(index, {
          title: item.title,
          description: item.status === 'sold' ? `Sold. ${description}` : description,
          url,
          image: imageUrl,
          headTags: productHeadTags(
            { ...item, url, image: imageUrl, category: item.category?.name ?? null },
            deps.currency,
          ),
          preloads: [
            { kind: 'fetch', href: `/api/items/${item.id}` },
            ...photoPreload(item, GALLERY_SIZES),
          ],
        }),
      };
    } catch (error) {
      if ((error as AppError).statusCode !== 404) throw error;
      page = { status: 404, html: index };
    }
    pages.delete(id);
    pages.set(id, { version, index, ...page });
    if (pages.size > CACHED_PAGES) pages.delete(pages.keys().next().value as number);
    return page;
  };
}
