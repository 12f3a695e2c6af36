/** How many storefront URLs keep their answer's key (as many as answers are kept). */
const REMEMBERED_URLS = 1_000;

/**
 * The response cache's key of each storefront URL that reached its handler, by
 * its raw text. A URL asked again (most reads, and every revalidation) is then
 * answered from memory before its query string is parsed and validated, which
 * is most of what such a request costs. Only a URL that passed validation is
 * here, and the same text always validates and parses the same way.
 */
export function answeredUrls(max = REMEMBERED_URLS) {
  const keys = new Map<string, string>();
  return {
    keyOf: (url: string): string | undefined => keys.get(url),
    remember(url: string, key: string): void {
      if (keys.get(url) === key) return;
      if (keys.size >= max) keys.delete(keys.keys().next().value as string);
      keys.set(url, key);
    },
  };
}
