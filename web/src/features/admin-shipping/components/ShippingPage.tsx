import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../components/address/countries';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { type ShippingSettings, useSaveShipping, useShipping } from '../api';
import {
  draftOf,
  emptyZone,
  newKey,
  type ShippingDraft,
  settingsOf,
  type ZoneDraft,
} from '../draft';
import styles from './Shipping.module.css';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * A refusal of the rates in the page's words. The server names the place at fault
 * (`zones/1/countries/2`, `zones/0/rates/1/up_to_grams`); the zones and bands it was sent
 * say the rest, so the owner reads which country or band, in their language.
 */
function saveProblem(t: T, error: Error | null, sent: ShippingSettings | undefined) {
  if (!error) return undefined;
  const place = error instanceof ApiError ? error.field?.split('/') : undefined;
  const zone = place?.[0] === 'zones' ? sent?.zones[Number(place[1])] : undefined;
  if (error instanceof ApiError && zone && place) {
    if (error.code === 'country_in_two_zones' && place[2] === 'countries') {
      const code = zone.countries[Number(place[3])];
      // The zone that has it first, as the server tells it.
      const other = code && sent?.zones.find((each) => each.countries.includes(code));
      if (code && other)
        return t('shipping.problems.twoZones', {
          country: countryName(code),
          code,
          other: other.name,
          zone: zone.name,
        });
    }
    if (error.code === 'invalid_rates' && place[2] === 'rates') {
      const r = Number(place[3]);
      const rate = zone.rates[r];
      const previous = zone.rates[r - 1]?.up_to_grams;
      if (rate?.up_to_grams === null)
        return t('shipping.problems.heavierLast', { zone: zone.name });
      if (rate && previous != null)
        return t('shipping.problems.lightToHeavy', {
          zone: zone.name,
          grams: rate.up_to_grams,
          previous,
        });
    }
  }
  return error.message;
}

function ZoneEditor({
  zone,
  index,
  onChange,
  onRemove,
}: {
  zone: ZoneDraft;
  index: number;
  onChange: (zone: ZoneDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('adminSettings');
  const heading = zone.name.trim() || t('shipping.zone.numbered', { n: index + 1 });
  const setRate = (key: number, change: Partial<ZoneDraft['rates'][number]>) =>
    onChange({
      ...zone,
      rates: zone.rates.map((rate) => (rate.key === key ? { ...rate, ...change } : rate)),
    });
  return (
    <fieldset className={styles.zone}>
      <legend>{heading}</legend>
      <Field
        label={t('shipping.zone.name')}
        value={zone.name}
        maxLength={100}
        required
        onChange={(event) => onChange({ ...zone, name: event.target.value })}
      />
      <Field
        label={t('shipping.zone.countries')}
        hint={t('shipping.zone.countriesHint')}
        value={zone.countries}
        onChange={(event) => onChange({ ...zone, countries: event.target.value })}
      />
      <table className={styles.bands}>
        <caption>{t('shipping.bands.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shipping.bands.upTo')}</th>
            <th scope="col">{t('shipping.bands.price')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('shipping.bands.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {zone.rates.map((rate, r) => (
            <tr key={rate.key}>
              <td>
                <input
                  aria-label={t('shipping.bands.upToLabel', { zone: heading, n: r + 1 })}
                  inputMode="decimal"
                  placeholder={t('shipping.bands.any')}
                  value={rate.upToKg}
                  onChange={(event) => setRate(rate.key, { upToKg: event.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t('shipping.bands.priceLabel', { zone: heading, n: r + 1 })}
                  inputMode="decimal"
                  value={rate.price}
                  onChange={(event) => setRate(rate.key, { price: event.target.value })}
                />
              </td>
              <td>
                {zone.rates.length > 1 && (
                  <Button
                    variant="quiet"
                    aria-label={t('shipping.bands.removeLabel', { zone: heading, n: r + 1 })}
                    onClick={() =>
                      onChange({ ...zone, rates: zone.rates.filter((x) => x.key !== rate.key) })
                    }
                  >
                    {t('shipping.bands.remove')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>{t('shipping.bands.hint')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            onChange({ ...zone, rates: [...zone.rates, { key: newKey(), upToKg: '', price: '' }] })
          }
        >
          {t('shipping.bands.add')}
        </Button>
        <Button variant="quiet" onClick={onRemove}>
          {t('shipping.zone.remove', { zone: heading })}
        </Button>
      </div>
    </fieldset>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettings }) {
  const { t } = useTranslation('adminSettings');
  const save = useSaveShipping();
  const [draft, setDraft] = useState<ShippingDraft>(() => draftOf(settings));
  const [formError, setFormError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = settingsOf(draft);
    if ('error' in body) {
      setFormError(body.error);
      return;
    }
    setFormError(undefined);
    save.mutate(body, { onSuccess: (saved) => setDraft(draftOf(saved)) });
  }

  const error = formError ?? saveProblem(t, save.error, save.variables);
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('shipping.formLabel')}>
      {draft.zones.length === 0 && <Notice>{t('shipping.noZones')}</Notice>}
      {draft.zones.map((zone, index) => (
        <ZoneEditor
          key={zone.key}
          zone={zone}
          index={index}
          onChange={(changed) =>
            setDraft({
              ...draft,
              zones: draft.zones.map((z) => (z.key === zone.key ? changed : z)),
            })
          }
          onRemove={() =>
            setDraft({ ...draft, zones: draft.zones.filter((z) => z.key !== zone.key) })
          }
        />
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => setDraft({ ...draft, zones: [...draft.zones, emptyZone()] })}
        >
          {t('shipping.zone.add')}
        </Button>
      </div>
      <Field
        label={t('shipping.freeOver')}
        hint={t('shipping.freeOverHint')}
        inputMode="decimal"
        value={draft.freeOver}
        onChange={(event) => setDraft({ ...draft, freeOver: event.target.value })}
      />
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {save.isSuccess && !error && (
        <Notice tone="success" role="status">
          {t('shipping.saved')}
        </Notice>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('shipping.save')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/shipping: zones by country, bands by weight, free over an amount (issue 34). */
export function ShippingPage() {
  const { t } = useTranslation('adminSettings');
  const shipping = useShipping();
  return (
    <>
      <h1>{t('shipping.title')}</h1>
      <p>{t('shipping.pickupFree')}</p>
      {shipping.isPending ? (
        <Loading label={t('shipping.loading')} />
      ) : shipping.isError ? (
        <PageState title={t('shipping.loadFailed')}>
          <p>{shipping.error.message}</p>
        </PageState>
      ) : (
        <ShippingForm settings={shipping.data} />
      )}
    </>
  );
}
