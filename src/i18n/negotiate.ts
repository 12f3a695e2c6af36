/**
 * The language a page or mail is written in, chosen among the shop's languages: the
 * first of `Accept-Language` (by its q-weights, ties in the order written) whose primary
 * subtag the shop speaks ("de-AT" → "de"), otherwise the shop's own. Pure, so the web
 * client and the server choose alike.
 */
export function negotiateLanguage<L extends string>(
  acceptLanguage: string | null | undefined,
  languages: readonly L[],
  fallback: L,
): L {
  if (!acceptLanguage) return fallback;
  const wanted = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    if (tag === '*') return fallback;
    const primary = tag.split('-')[0];
    const match = languages.find((language) => language === primary);
    if (match) return match;
  }
  return fallback;
}

/** A language the shop speaks, or undefined for anything else (a stale cookie, a typo). */
export function shopLanguageOf<L extends string>(
  value: string | null | undefined,
  languages: readonly L[],
): L | undefined {
  return languages.find((language) => language === value);
}
