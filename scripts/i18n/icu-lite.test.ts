import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatParts, parseMessage } from '../../web/src/i18n/icu-lite.js';

// The web client formats its catalogues with a small ICU formatter (web/src/i18n/icu-lite.ts)
// instead of intl-messageformat: for every message of every language, with several
// counts, it must write exactly what intl-messageformat writes.
const locales = path.resolve(import.meta.dirname, '../../web/src/locales');

function messages(): Array<{ language: string; key: string; message: string }> {
  const out: Array<{ language: string; key: string; message: string }> = [];
  const walk = (language: string, value: unknown, key: string) => {
    if (typeof value === 'string') out.push({ language, key, message: value });
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(language, v, key ? `${key}.${k}` : k);
  };
  for (const language of fs.readdirSync(locales))
    for (const file of fs.readdirSync(path.join(locales, language)))
      walk(
        language,
        JSON.parse(fs.readFileSync(path.join(locales, language, file), 'utf8')),
        file.replace('.json', ''),
      );
  return out;
}

/** Every argument a message takes, and whether it is counted (plural) or chosen (select). */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, string>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    else if (element.type === TYPE.plural) into.set(element.value, 'count');
    else if (element.type === TYPE.select) into.set(element.value, 'choice');
    else if (!into.has(element.value)) into.set(element.value, 'text');
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

describe('the web client’s ICU formatter', () => {
  const all = messages();

  it('finds the catalogues', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it.each([0, 1, 2, 5, 2000])('writes every message as intl-messageformat does (count %i)', (n) => {
    for (const { language, key, message } of all) {
      const args = argumentsOf(parse(message, { ignoreTag: true }));
      const values = Object.fromEntries(
        [...args].map(([name, kind]) => [
          name,
          kind === 'count' ? n : kind === 'choice' ? 'other' : n % 2 ? `“${name}”` : n,
        ]),
      );
      const expected = new IntlMessageFormat(message, language, undefined, {
        ignoreTag: true,
      }).format(values);
      expect(formatParts(parseMessage(message), values, language), `${language} ${key}`).toBe(
        expected,
      );
    }
  });

  it('keeps ICU quoting and plural details', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["It's '{'literal'}' and ''quoted''", {}],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }],
      ['{n, plural, offset:1 one {you and # other} other {you and # others}}', { n: 3 }],
      ['{g, select, f {she} m {he} other {they}} said {x}', { g: 'f', x: 1234.5 }],
      ['<b>{name}</b> wrote', { name: 'Ann' }],
    ];
    for (const [message, values] of cases)
      for (const language of ['en', 'de'])
        expect(formatParts(parseMessage(message), values, language)).toBe(
          new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).format(values),
        );
  });
});
