import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the web client's build writes as `page-catalogues.json` (web/vite.config.ts):
 * every language's message catalogues, and which a page needs before its first
 * render (web/src/i18n/first-namespaces.ts).
 */
export interface PageCatalogues {
  shared: string[];
  areas: Array<[prefix: string, namespace: string]>;
  otherwise: string;
  catalogues: Record<string, Record<string, unknown>>;
}

/** The element the client reads them from (web/src/i18n/index.ts). */
const ELEMENT_ID = 'page-catalogues';

/**
 * The page's first catalogues in its language, put into the page as JSON data (not
 * script: the CSP allows none inline), so the client renders without first asking
 * for them. A build without the file (older, or the dev server's) leaves the page
 * as it is, and the client loads them as before.
 */
export function withPageCatalogues(
  html: string,
  given: PageCatalogues | null,
  language: string,
  urlPath: string,
): string {
  if (!given?.catalogues[language]) return html;
  const area = given.areas.find(([prefix]) => urlPath.startsWith(prefix));
  const element = elementFor(given, language, area ? area[1] : given.otherwise);
  return html.replace(/<\/head>/i, () => `  ${element}\n  </head>`);
}

/** Each (language, area) element of a build, written once: pages are served often. */
const written = new WeakMap<PageCatalogues, Map<string, string>>();

function elementFor(given: PageCatalogues, language: string, area: string): string {
  let elements = written.get(given);
  if (!elements) {
    elements = new Map();
    written.set(given, elements);
  }
  const key = `${language}/${area}`;
  let element = elements.get(key);
  if (element === undefined) {
    const catalogues = given.catalogues[language]!;
    const namespaces: Record<string, unknown> = {};
    for (const ns of [...given.shared, area]) if (catalogues[ns]) namespaces[ns] = catalogues[ns];
    // `<` escaped: no message can close the element early.
    const data = JSON.stringify({ language, namespaces }).replace(/</g, '\\u003c');
    element = `<script id="${ELEMENT_ID}" type="application/json">${data}</script>`;
    elements.set(key, element);
  }
  return element;
}

/** The build's catalogues, read again only when the file changes (a rebuild while running). */
export function pageCataloguesFile(root: string): () => Promise<PageCatalogues | null> {
  const file = path.join(root, 'page-catalogues.json');
  let cached: { mtimeMs: number; size: number; value: PageCatalogues | null } | null = null;
  return async () => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    if (cached?.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      const text = await fs.readFile(file, 'utf8').catch(() => null);
      let value: PageCatalogues | null = null;
      try {
        value = text === null ? null : (JSON.parse(text) as PageCatalogues);
      } catch {
        // Half written by a build under way: the next request reads it again.
        return null;
      }
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, value };
    }
    return cached.value;
  };
}
