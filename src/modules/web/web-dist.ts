import fs from 'node:fs/promises';
import path from 'node:path';
import { type PageCatalogues, pageCataloguesFile } from './page-catalogues.js';

/**
 * The built web client on disk (`web/dist`). `index.html` is kept in memory and
 * read again only when the file changes, so a client rebuilt while the shop runs
 * is picked up without serving an index that names assets no longer there.
 */
export interface WebDist {
  readonly root: string;
  /** The index page, or null while the client is not built. */
  indexHtml(): Promise<string | null>;
  /** The path below the root of a regular file for a URL path, or null when there is none. */
  fileFor(urlPath: string): Promise<string | null>;
  /** The build's message catalogues for pages, or null when it wrote none. */
  pageCatalogues(): Promise<PageCatalogues | null>;
}

export function webDist(root: string): WebDist {
  const resolvedRoot = path.resolve(root);
  const indexFile = path.join(resolvedRoot, 'index.html');
  let cached: { mtimeMs: number; size: number; html: string } | null = null;

  return {
    root: resolvedRoot,
    pageCatalogues: pageCataloguesFile(resolvedRoot),
    async indexHtml() {
      const stat = await fs.stat(indexFile).catch(() => null);
      if (!stat?.isFile()) return null;
      if (cached?.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
        const html = await fs.readFile(indexFile, 'utf8').catch(() => null);
        if (html === null) return null;
        cached = { mtimeMs: stat.mtimeMs, size: stat.size, html };
      }
      return cached.html;
    },
    async fileFor(urlPath) {
      const relative = urlPath.replace(/^\/+/, '');
      // No hidden files, no climbing out, no index.html by another name (it is served
      // with its own headers, and for /items/:id with the item's meta).
      if (!relative || relative === 'index.html') return null;
      if (relative.split('/').some((segment) => segment === '' || segment.startsWith('.')))
        return null;
      const file = path.resolve(resolvedRoot, relative);
      if (!file.startsWith(`${resolvedRoot}${path.sep}`)) return null;
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? relative : null;
    },
  };
}
