import { describe, expect, it } from 'vitest';
import { negotiateLanguage, shopLanguageOf } from './negotiate.js';

const SHOP = ['en', 'de'] as const;

describe('negotiateLanguage', () => {
  it('takes the shop language when the browser names none', () => {
    expect(negotiateLanguage(undefined, SHOP, 'de')).toBe('de');
    expect(negotiateLanguage('', SHOP, 'en')).toBe('en');
  });

  it('takes the first language the shop speaks, by region-less match', () => {
    expect(negotiateLanguage('de-AT,de;q=0.9,en;q=0.8', SHOP, 'en')).toBe('de');
    expect(negotiateLanguage('fr-FR,fr;q=0.9,en-GB;q=0.5', SHOP, 'de')).toBe('en');
  });

  it('weighs by q, not by the order written', () => {
    expect(negotiateLanguage('en;q=0.3, de;q=0.7', SHOP, 'en')).toBe('de');
    expect(negotiateLanguage('EN-us;q=0.9, DE;q=0.9', SHOP, 'de')).toBe('en');
  });

  it('refuses q=0 and falls back for languages the shop does not speak', () => {
    expect(negotiateLanguage('de;q=0, fr', SHOP, 'en')).toBe('en');
    expect(negotiateLanguage('fr, it, *;q=0.1', SHOP, 'de')).toBe('de');
    expect(negotiateLanguage('garbage;;;q=x', SHOP, 'en')).toBe('en');
  });
});

describe('shopLanguageOf', () => {
  it('keeps only the shop languages', () => {
    expect(shopLanguageOf('de', SHOP)).toBe('de');
    expect(shopLanguageOf('fr', SHOP)).toBeUndefined();
    expect(shopLanguageOf(null, SHOP)).toBeUndefined();
  });
});
