/** Text made safe for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs: a shared link is read by a crawler on another site. */
  url: string;
  image: string | null;
  /** Hints that let the browser fetch what the page needs while its script loads. */
  preloads?: Preload[];
  /** Tags made and escaped by the caller (an item's JSON-LD and price, product-data.ts). */
  headTags?: string[];
}

/** Something the page's script will ask for anyway: its API answer, its first photo. */
export type Preload =
  | { kind: 'fetch'; href: string }
  | { kind: 'image'; href: string; srcset?: string; sizes?: string };

/**
 * `<link rel="preload">` tags. A fetch preload is `crossorigin` (anonymous): that is the
 * credentials mode of the client's same-origin `fetch`, so the browser reuses the answer.
 */
export function preloadTags(preloads: Preload[]): string[] {
  return preloads.map((p) =>
    p.kind === 'fetch'
      ? `<link rel="preload" as="fetch" href="${escapeHtml(p.href)}" crossorigin>`
      : `<link rel="preload" as="image" href="${escapeHtml(p.href)}"${
          p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}"` : ''
        }${p.sizes ? ` imagesizes="${escapeHtml(p.sizes)}"` : ''} fetchpriority="high">`,
  );
}

/** The index page with preload hints at the end of its head (the storefront's `/`). */
export function withPreloads(html: string, preloads: Preload[]): string {
  const tags = preloadTags(preloads).join('\n    ');
  return html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

const DESCRIPTION_LENGTH = 200;

/** A description cut at a word near the limit, on one line. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The index page with one page's title, description and Open Graph tags, for
 * shared links and search engines (contract additions: /items/:id). Every value
 * is escaped; replacements are functions, so a `$&` in a title stays text.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const description = shortDescription(meta.description);
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="product">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    ...(meta.headTags ?? []),
    ...preloadTags(meta.preloads ?? []),
  ].join('\n    ');
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  let page = html.replace(/<meta\s+name=["']description["'][^>]*>\s*/i, () => '');
  page = /<title>[\s\S]*?<\/title>/i.test(page)
    ? page.replace(/<title>[\s\S]*?<\/title>/i, () => `${title}\n    ${tags}`)
    : page.replace(/<\/head>/i, () => `    ${title}\n    ${tags}\n  </head>`);
  return page;
}
