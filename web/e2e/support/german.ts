import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkPage } from './page-checks.js';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

/** The fixed wording of a message: its literal parts, inside plurals, selects and tags too. */
function literalsOf(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) into.push(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) literalsOf(option.value, into);
    if (element.type === TYPE.tag) literalsOf(element.children, into);
  }
  return into;
}

/** Every phrase of a language's catalogues of these namespaces, trimmed of punctuation. */
function phrases(language: string, namespaces: string[]): string[] {
  const flat = (value: unknown, into: string[] = []): string[] => {
    if (typeof value === 'string') into.push(value);
    else if (value && typeof value === 'object')
      for (const v of Object.values(value)) flat(v, into);
    return into;
  };
  return namespaces.flatMap((ns) =>
    flat(JSON.parse(fs.readFileSync(path.join(locales, language, `${ns}.json`), 'utf8')))
      .flatMap((message) => literalsOf(parse(message)))
      .map((part) => part.trim().replace(/^[\s,.:;()„“”]+|[\s,.:;()„“”]+$/g, '')),
  );
}

/**
 * What must not appear on a German page of these namespaces: each English phrase of
 * two words or more, or one capitalised word ("Sold"; short lowercase words occur in
 * German), that German does not write too ("Version", "Logo").
 */
export function englishOnly(namespaces: string[]): string[] {
  const german = new Set(phrases('de', namespaces));
  return [
    ...new Set(
      phrases('en', namespaces).filter(
        (part) =>
          !german.has(part) && (part.split(/\s+/).length >= 2 || /^[A-Z][a-z]{3,}$/.test(part)),
      ),
    ),
  ];
}

/** The visible text of the page (or of `scope`) holds none of `english`; whole words only. */
export async function expectNoEnglish(
  page: Page,
  name: string,
  english: readonly string[],
  scope = 'body',
) {
  const text = await page.locator(scope).innerText();
  // Whole words only: "Sort" is no English inside "Sortieren".
  const found = english.filter((phrase) =>
    new RegExp(
      `(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`,
      'u',
    ).test(text),
  );
  expect(found, `${name}: English left on the page`).toEqual([]);
}

/** The page is German: its `lang`, no English of `english`, and the checks of every page (axe, screenshots). */
export async function checkGerman(page: Page, name: string, english: readonly string[]) {
  expect(await page.locator('html').getAttribute('lang')).toBe('de');
  await expectNoEnglish(page, name, english);
  await checkPage(page, name);
}
