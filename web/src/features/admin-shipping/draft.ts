import { centsToMajorText, parseMajorUnits } from '../../lib/format';
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
        upToKg: rate.up_to_grams === null ? '' : String(rate.up_to_grams / 1000),
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
    const label = zone.name.trim() || 'a zone without a name';
    const countries = zone.countries
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    if (countries.length === 0)
      return { error: `Give ${label} at least one country (two-letter codes like DE, AT).` };
    const rates: ShippingSettings['zones'][number]['rates'] = [];
    for (const rate of zone.rates) {
      const price = parseMajorUnits(rate.price);
      if (price === null) return { error: `In ${label}, write each price like 4.90.` };
      const kg = rate.upToKg.trim().replace(',', '.');
      if (kg !== '' && !/^\d{1,4}(\.\d{1,3})?$/.test(kg))
        return { error: `In ${label}, write each weight in kg like 2 or 0.5, or leave it empty.` };
      rates.push({
        up_to_grams: kg === '' ? null : Math.round(Number(kg) * 1000),
        price_cents: price,
      });
    }
    zones.push({ name: zone.name.trim(), countries, rates });
  }
  const freeOver = draft.freeOver.trim() === '' ? null : parseMajorUnits(draft.freeOver);
  if (freeOver === null && draft.freeOver.trim() !== '')
    return { error: 'Write the free-shipping amount like 100, or leave it empty.' };
  return { zones, free_over_cents: freeOver };
}
