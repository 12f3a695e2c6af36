import i18next from 'i18next';
import { centsToMajorText, decimalInput, parseMajorUnits } from '../../lib/format';
import type { ShippingSettings } from './api';

/** The form as typed: weights in kg and prices in major units, as an owner thinks. */
export interface ZoneDraft {
  key: number;
  name: string;
  countries: string;
  rates: Array<{ key: number; upToKg: string; price: string }>;
}
export interface ShippingDraft {
  zones: ZoneDraft[];
  freeOver: string;
}

const t = (key: string, values?: Record<string, unknown>) =>
  i18next.t(key, { ns: 'adminSettings', ...values });

let nextKey = 1;
export const newKey = () => nextKey++;

export function draftOf(settings: ShippingSettings): ShippingDraft {
  return {
    zones: settings.zones.map((zone) => ({
      key: newKey(),
      name: zone.name,
      countries: zone.countries.join(', '),
      rates: zone.rates.map((rate) => ({
        key: newKey(),
        upToKg:
          rate.up_to_grams === null ? '' : decimalInput(rate.up_to_grams / 1000, { digits: 3 }),
        price: centsToMajorText(rate.price_cents),
      })),
    })),
    freeOver: centsToMajorText(settings.free_over_cents),
  };
}

export const emptyZone = (): ZoneDraft => ({
  key: newKey(),
  name: '',
  countries: '',
  rates: [{ key: newKey(), upToKg: '', price: '' }],
});

/** The body to save, or the first thing to put right, in words. */
export function settingsOf(draft: ShippingDraft): ShippingSettings | { error: string } {
  const zones: ShippingSettings['zones'] = [];
  for (const zone of draft.zones) {
    // Which zone, in the message's own grammar: its name, or that it has none.
    const label = { zone: zone.name.trim(), named: zone.name.trim() ? 'yes' : 'no' };
    const countries = zone.countries
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    if (countries.length === 0) return { error: t('shipping.problems.noCountry', label) };
    const rates: ShippingSettings['zones'][number]['rates'] = [];
    for (const rate of zone.rates) {
      const price = parseMajorUnits(rate.price);
      if (price === null) return { error: t('shipping.problems.price', label) };
      const kg = rate.upToKg.trim().replace(',', '.');
      if (kg !== '' && !/^\d{1,4}(\.\d{1,3})?$/.test(kg))
        return { error: t('shipping.problems.weight', label) };
      rates.push({
        up_to_grams: kg === '' ? null : Math.round(Number(kg) * 1000),
        price_cents: price,
      });
    }
    zones.push({ name: zone.name.trim(), countries, rates });
  }
  const freeOver = draft.freeOver.trim() === '' ? null : parseMajorUnits(draft.freeOver);
  if (freeOver === null && draft.freeOver.trim() !== '')
    return { error: t('shipping.problems.freeOver') };
  return { zones, free_over_cents: freeOver };
}
