import jsonld from 'jsonld';
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** Every element of a page as a browser's HTML parser builds them (parse5, the WHATWG algorithm). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
    if ('content' in node) walk(node.content as Node);
  };
  walk(parse(html));
  return found;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (el: Element) =>
  el.childNodes.map((n) => ('value' in n ? (n.value as string) : '')).join('');

/** The page's `<script>` elements: their type and their text, as parsed. */
export function scriptsOf(html: string): { type: string | undefined; text: string }[] {
  return elementsOf(html)
    .filter((el) => el.tagName === 'script')
    .map((el) => ({ type: attr(el, 'type'), text: textOf(el) }));
}

/** The JSON-LD blocks of a page, each parsed as JSON. */
export function jsonLdOf(html: string): unknown[] {
  return scriptsOf(html)
    .filter((s) => s.type === 'application/ld+json')
    .map((s) => JSON.parse(s.text));
}

/** `<meta property=… content=…>` (and name=…) as parsed, decoded. */
export function metaOf(html: string, key: string): string[] {
  return elementsOf(html)
    .filter((el) => el.tagName === 'meta' && (attr(el, 'property') ?? attr(el, 'name')) === key)
    .map((el) => attr(el, 'content') ?? '');
}

/**
 * Loads schema.org's context without the network: its vocabulary (`@vocab`), which is
 * all a reader needs to expand the terms a Product uses. Any other remote document fails.
 */
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, '') === 'https://schema.org')
    return {
      contextUrl: undefined,
      documentUrl: url,
      document: { '@context': { '@vocab': 'https://schema.org/' } },
    };
  throw new Error(`no remote documents in tests: ${url}`);
};

/** The JSON-LD in expanded form (full IRIs), as a JSON-LD processor reads it. */
// biome-ignore lint/suspicious/noExplicitAny: jsonld's types take its own document and loader types
type Loose = any;

export function expandJsonLd(doc: unknown) {
  return jsonld.expand(doc as Loose, { documentLoader: documentLoader as Loose });
}

/** The JSON-LD as RDF triples (N-Quads), as a search engine's graph gets them. */
export async function jsonLdQuads(doc: unknown): Promise<string[]> {
  const nquads = (await jsonld.toRDF(doc as Loose, {
    format: 'application/n-quads',
    documentLoader: documentLoader as Loose,
  })) as unknown as string;
  return nquads.split('\n').filter(Boolean);
}
