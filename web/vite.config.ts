import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  AREA_NAMESPACES,
  DEFAULT_NAMESPACE,
  SHARED_NAMESPACES,
} from './src/i18n/first-namespaces.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build. The shop serves them
 * (@fastify/static `preCompressed`) to browsers that accept them: the storefront's
 * script goes over the wire at about a third of its size, compressed once at build
 * time instead of on every request.
 */
function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const body = await fs.readFile(file);
            await fs.writeFile(
              `${file}.br`,
              await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await fs.writeFile(`${file}.gz`, await gz(body, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Writes `page-catalogues.json` into the build: every language's catalogues and which
 * of them a page needs first (src/i18n/first-namespaces.ts). The shop puts the page's
 * into its HTML (src/modules/web/page-catalogues.ts), so the first render does not
 * wait for three catalogue requests after the script; other areas' still load as chunks.
 */
function pageCatalogues(): Plugin {
  const locales = path.join(import.meta.dirname, 'src/locales');
  return {
    name: 'shop:page-catalogues',
    apply: 'build',
    async generateBundle() {
      const catalogues: Record<string, Record<string, unknown>> = {};
      for (const language of await fs.readdir(locales)) {
        catalogues[language] = {};
        for (const file of await fs.readdir(path.join(locales, language))) {
          if (!file.endsWith('.json')) continue;
          const text = await fs.readFile(path.join(locales, language, file), 'utf8');
          catalogues[language]![file.slice(0, -'.json'.length)] = JSON.parse(text);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-catalogues.json',
        source: JSON.stringify({
          shared: SHARED_NAMESPACES,
          areas: AREA_NAMESPACES,
          otherwise: DEFAULT_NAMESPACE,
          catalogues,
        }),
      });
    },
  };
}

// `npm run dev`: Vite serves the client and forwards the API and the photos to the
// shop server (npm run dev:api, on API_PORT or 3000), so the browser sees one origin.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), pageCatalogues(), precompress()],
  // CSS modules through Lightning CSS (already Vite's minifier), not PostCSS: PostCSS's
  // module loader parses a `composes: … from` file without naming it and warns on every build.
  css: { transformer: 'lightningcss' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict CSP allows no inline script: keep every module in a file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': api,
      '/media': api,
    },
  },
});
