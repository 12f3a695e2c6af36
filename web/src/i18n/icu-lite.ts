/**
 * ICU messages for the web client without a parser in the bundle's weight class of
 * intl-messageformat (about 13 KB compressed on every first load). It formats what the
 * catalogues use: arguments, `plural` (with `=n`,
 * `offset:` and `#`), `selectordinal`, `select`, and ICU's apostrophe quoting; tags stay
 * text for react-i18next's <Trans>, as i18next-icu leaves them with `ignoreTag`.
 * `npm run i18n:check` validates every message with the full ICU parser, and a test
 * compares this formatter's output with intl-messageformat's for every message.
 */

type Part =
  | string
  | { pound: true }
  | { arg: string }
  | {
      arg: string;
      kind: 'plural' | 'selectordinal' | 'select';
      offset: number;
      options: Record<string, Part[]>;
    };

const SPECIAL_AFTER_QUOTE = /[{}|]/;

export function parseMessage(source: string): Part[] {
  let at = 0;

  function readName(): string {
    const start = at;
    while (at < source.length && source[at] !== ',' && source[at] !== '}') at += 1;
    return source.slice(start, at).trim();
  }

  function skipSpace() {
    while (at < source.length && /\s/.test(source[at] ?? '')) at += 1;
  }

  function nodes(inPlural: boolean, nested: boolean): Part[] {
    const out: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (at < source.length) {
      const c = source[at] ?? '';
      if (c === "'") {
        const next = source[at + 1] ?? '';
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (SPECIAL_AFTER_QUOTE.test(next) || (inPlural && next === '#')) {
          at += 1;
          while (at < source.length) {
            if (source[at] === "'") {
              if (source[at + 1] === "'") {
                text += "'";
                at += 2;
                continue;
              }
              at += 1;
              break;
            }
            text += source[at];
            at += 1;
          }
        } else {
          text += c;
          at += 1;
        }
      } else if (c === '{') {
        flush();
        out.push(argument(inPlural));
      } else if (c === '}') {
        if (nested) break;
        throw new Error(`Unexpected } in "${source}"`);
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ pound: true });
        at += 1;
      } else {
        text += c;
        at += 1;
      }
    }
    flush();
    return out;
  }

  function argument(inPlural: boolean): Part {
    at += 1; // {
    const arg = readName();
    if (source[at] === '}') {
      at += 1;
      return { arg };
    }
    at += 1; // ,
    const kind = readName();
    if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select') {
      // {n, number} and the like: formatted as a plain argument; skip its style.
      let depth = 1;
      while (at < source.length && depth > 0) {
        if (source[at] === '{') depth += 1;
        if (source[at] === '}') depth -= 1;
        at += 1;
      }
      return { arg };
    }
    at += 1; // ,
    let offset = 0;
    const options: Record<string, Part[]> = {};
    for (;;) {
      skipSpace();
      if (at >= source.length) throw new Error(`Unclosed {${arg}} in "${source}"`);
      if (source[at] === '}') {
        at += 1;
        break;
      }
      const start = at;
      while (at < source.length && !/[\s{]/.test(source[at] ?? '')) at += 1;
      const key = source.slice(start, at);
      if (key.startsWith('offset:')) {
        offset = Number(key.slice('offset:'.length));
        continue;
      }
      skipSpace();
      at += 1; // {
      options[key] = nodes(inPlural || kind !== 'select', true);
      at += 1; // }
    }
    return { arg, kind, offset, options };
  }

  return nodes(false, false);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const number = (language: string, value: number) => {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
};

export function formatParts(
  parts: Part[],
  values: Record<string, unknown>,
  language: string,
  pluralValue?: number,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('pound' in part)
      out += pluralValue === undefined ? '#' : number(language, pluralValue);
    else {
      const value = values[part.arg];
      // As intl-messageformat: a plain argument as written; only `#` in the language's digits.
      if (!('kind' in part)) out += String(value);
      else if (part.kind === 'select')
        out += formatParts(
          part.options[String(value)] ?? part.options.other ?? [],
          values,
          language,
          pluralValue,
        );
      else {
        const n = Number(value);
        const exact = part.options[`=${n}`];
        const rule = new Intl.PluralRules(language, {
          type: part.kind === 'plural' ? 'cardinal' : 'ordinal',
        }).select(n - part.offset);
        const branch = exact ?? part.options[rule] ?? part.options.other ?? [];
        out += formatParts(branch, values, language, n - part.offset);
      }
    }
  }
  return out;
}

/** i18next's message-format plug-in (as i18next-icu is), memoised per language and message. */
export const icuLite = {
  type: 'i18nFormat' as const,
  compiled: new Map<string, Part[]>(),
  init() {},
  parse(message: string, values: Record<string, unknown> | undefined, language: string) {
    const key = `${language}\u0000${message}`;
    let parts = this.compiled.get(key);
    if (!parts) {
      try {
        parts = parseMessage(message);
      } catch {
        return message;
      }
      this.compiled.set(key, parts);
    }
    return formatParts(parts, values ?? {}, language);
  },
  addLookupKeys(finalKeys: string[]) {
    return finalKeys;
  },
};
