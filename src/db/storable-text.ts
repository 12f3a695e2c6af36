// PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8
// form (the driver would store U+FFFD instead). Code units, not code points: the
// pattern runs without the `u` flag so it can see an unpaired half.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored and compared as text as it is. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
