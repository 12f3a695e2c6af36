import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ShopLanguage } from '../../config.js';
import type { App } from '../../context.js';
import { sendRefusal } from '../../http/error-handler.js';
import { refusalFor } from '../../http/framework-errors.js';
import { visitorLanguage } from '../../i18n/request-language.js';
import { withPageCatalogues } from './page-catalogues.js';
import type { WebDist } from './web-dist.js';

/** Vite names every file under assets/ by a hash of its content: a new build is a new name. */
const ASSETS_PREFIX = 'assets/';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** API and media paths never fall back to the web client: an unknown one stays a JSON 404. */
const isServerPath = (urlPath: string) => /^\/(api|media)(\/|$)/.test(urlPath);

/**
 * What the index page answers for a path: the item pages put the item's meta
 * in it, and say 404 for an item nobody may see (the client still renders from
 * the same page, so a person sees the shop's own "not found").
 */
export type PageFor = (
  urlPath: string,
  index: string,
  /** The visitor's language (request-language.ts): a legal page's version follows it. */
  language?: ShopLanguage,
) => Promise<{ status: number; html: string }>;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop: web client not built</title></head>
<body><h1>The web client is not built yet</h1>
<p>The shop's API runs (see <a href="/openapi.json">/openapi.json</a>), but the pages are missing.
Build them with <code>npm run build</code> in the shop's folder (<code>npm start</code> does it
for you), or point <code>WEB_DIST_DIR</code> at a built client.</p></body></html>
`;

function sendIndex(
  reply: FastifyReply,
  status: number,
  html: string,
  language: ShopLanguage,
  testShop: boolean,
) {
  // Always revalidated: it names the current build's assets. Its language follows the
  // cookie and Accept-Language, so a shared cache keeps one copy per pair. A test shop
  // says so on the element the client reads before /api/shop answers, so its banner
  // takes its place from the first paint instead of pushing the page down later.
  const root = `<html lang="${language}"${testShop ? ' data-test-shop' : ''}`;
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Language, Cookie')
    .type('text/html; charset=utf-8')
    .send(html.replace(/<html lang="[^"]*"/, root));
}

/**
 * The web client, served by the shop itself (contract additions: pages): the
 * built files of `web/dist`, and index.html for every other page path so the
 * links in mails (/account/verify#token=…, /upload/{token}, /items/{id}, /cart)
 * open the client, which reads its route from the address.
 */
export async function webClientRoutes(
  app: App,
  dist: WebDist,
  pageFor: PageFor,
  shopLanguage: ShopLanguage = 'en',
  testShop = false,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist.root,
    serve: false,
    // The client may not be built yet; the pages then say how to build it.
    suppressWarning: true,
    // A build that writes .br/.gz beside its files has them served to clients that accept them.
    preCompressed: true,
    dotfiles: 'deny',
    index: false,
  });

  const page = async (urlPath: string, request: FastifyRequest, reply: FastifyReply) => {
    const index = await dist.indexHtml();
    if (index === null)
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT);
    // One rule for the page, its catalogues and a legal page's version (request-language.ts).
    const language = visitorLanguage(request, shopLanguage);
    const { status, html } = await pageFor(urlPath, index, language);
    const withCatalogues = withPageCatalogues(html, await dist.pageCatalogues(), language, urlPath);
    return sendIndex(reply, status, withCatalogues, language, testShop);
  };

  // Pages take any query string (a shared link carries its own tracking parameters);
  // declaring one keeps the strict "no undeclared parameters" rule off these routes.
  const schema = { hide: true, querystring: { type: 'object' } };

  // With its query string: a filtered storefront asks the API other questions than `/`.
  app.get('/', { schema }, (request, reply) => page(request.url, request, reply));

  app.get('/*', { schema }, async (request, reply) => {
    const urlPath = `/${(request.params as { '*': string })['*']}`;
    const rawUrl = request.raw.url ?? urlPath;
    if (isServerPath(urlPath) || isServerPath(rawUrl)) {
      // A known API route reaches this fallback only when the router refused its
      // parameter (over-long or undecodable): answer as the router would have.
      if (app.allowedMethods(rawUrl).includes(request.method))
        return sendRefusal(reply, refusalFor({ code: 'FST_ERR_MAX_PARAM_LENGTH' }, rawUrl));
      return reply.callNotFound();
    }
    const file = await dist.fileFor(urlPath);
    if (file?.startsWith(ASSETS_PREFIX))
      return reply.sendFile(file, dist.root, { maxAge: YEAR_MS, immutable: true });
    if (file) {
      // Not hashed (favicon, manifest): kept, but checked again before use.
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(file, dist.root, { cacheControl: false });
    }
    // A hashed asset that is gone (an older build) is not a page: answering it with
    // HTML would only give the browser a script it cannot run.
    if (urlPath.startsWith(`/${ASSETS_PREFIX}`)) return reply.callNotFound();
    return page(urlPath, request, reply);
  });
}
