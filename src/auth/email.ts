import { domainToASCII } from 'node:url';

/**
 * One address, one spelling (issue 31 item 5): addresses are stored and compared in
 * a canonical form, for admins and customers alike, so lookalike spellings of one
 * address are one account. Canonical: trimmed, Unicode NFKC (NFC and NFD "josé"
 * agree, fullwidth letters become plain ones), lower-cased, the domain as IDNA ASCII
 * (`münchen.de` is `xn--mnchen-3ya.de`). What NFKC cannot make one with another is
 * refused where an address is chosen (`emailProblem`): invisible characters and a
 * local part that mixes scripts (a Cyrillic "о" among Latin letters).
 */
export function normaliseEmail(email: string): string {
  const folded = email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
  const at = folded.lastIndexOf('@');
  if (at === -1) return folded;
  const domain = folded.slice(at + 1);
  // A domain that is no domain name stays as typed: it matches nothing, and is refused at sign-up.
  const ascii = domain === '' ? '' : domainToASCII(domain);
  return `${folded.slice(0, at)}@${ascii || domain}`;
}

/**
 * Every spelling an address may be stored under: the canonical one, and the one
 * addresses had before it (trimmed and lower-cased only), so an account made
 * before the canonical form is still found by what its owner types.
 */
export function emailLookupForms(email: string): string[] {
  const legacy = email.trim().toLowerCase();
  const canonical = normaliseEmail(email);
  return canonical === legacy ? [canonical] : [canonical, legacy];
}

// Characters that show nothing (zero-width space, soft hyphen, joiners, BOM,
// variation selectors), controls and separators: two addresses that differ by one
// look the same.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}]/u;

/** Scripts told apart in a local part; a letter of any other is its own ("other"). */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const NO_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Scripts that are written together (Unicode TS 39, "highly restrictive"): Japanese
 * mixes Han, Hiragana and Katakana, Chinese Han and Bopomofo, Korean Han and Hangul,
 * each also with Latin letters. Any other mixture is refused.
 */
const WRITTEN_TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of text) {
    if (NO_SCRIPT.test(char)) continue; // digits, punctuation, combining marks
    scripts.add(SCRIPTS.find((script) => script.pattern.test(char))?.name ?? 'other');
  }
  return scripts;
}

function isMixedScript(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size <= 1) return false;
  return !WRITTEN_TOGETHER.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/** Why an address cannot be chosen for an account, as a sentence; null when it can. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (INVISIBLE.test(trimmed)) {
    return 'The email address contains an invisible or control character; type it again without it.';
  }
  const canonical = normaliseEmail(trimmed);
  const at = canonical.lastIndexOf('@');
  if (at <= 0) return 'The email address needs a name before an @ and a domain after it.';
  if (isMixedScript(canonical.slice(0, at))) {
    return 'The part before the @ mixes letters of different alphabets (say, a Cyrillic "о" among Latin letters); use one.';
  }
  const domain = canonical.slice(at + 1);
  if (domain === '' || !domainToASCII(domain) || domain.includes('..') || !domain.includes('.')) {
    return 'The part after the @ is not a domain name.';
  }
  return null;
}
