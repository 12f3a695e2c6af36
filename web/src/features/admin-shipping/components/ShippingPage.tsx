import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
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
  const heading = zone.name.trim() || `Zone ${index + 1}`;
  const setRate = (key: number, change: Partial<ZoneDraft['rates'][number]>) =>
    onChange({
      ...zone,
      rates: zone.rates.map((rate) => (rate.key === key ? { ...rate, ...change } : rate)),
    });
  return (
    <fieldset className={styles.zone}>
      <legend>{heading}</legend>
      <Field
        label="Zone name"
        value={zone.name}
        maxLength={100}
        required
        onChange={(event) => onChange({ ...zone, name: event.target.value })}
      />
      <Field
        label="Countries"
        hint="Two-letter codes, separated by commas: DE, AT, FR"
        value={zone.countries}
        onChange={(event) => onChange({ ...zone, countries: event.target.value })}
      />
      <table className={styles.bands}>
        <caption>Price by parcel weight, lightest first</caption>
        <thead>
          <tr>
            <th scope="col">Up to (kg)</th>
            <th scope="col">Price</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {zone.rates.map((rate, r) => (
            <tr key={rate.key}>
              <td>
                <input
                  aria-label={`${heading}, band ${r + 1}: up to kg (empty: any heavier parcel)`}
                  inputMode="decimal"
                  placeholder="any"
                  value={rate.upToKg}
                  onChange={(event) => setRate(rate.key, { upToKg: event.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`${heading}, band ${r + 1}: price`}
                  inputMode="decimal"
                  value={rate.price}
                  onChange={(event) => setRate(rate.key, { price: event.target.value })}
                />
              </td>
              <td>
                {zone.rates.length > 1 && (
                  <Button
                    variant="quiet"
                    aria-label={`Remove band ${r + 1} of ${heading}`}
                    onClick={() =>
                      onChange({ ...zone, rates: zone.rates.filter((x) => x.key !== rate.key) })
                    }
                  >
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}>
        A band holds parcels up to and including its weight. Leave the last band’s weight empty to
        cover every heavier parcel.
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            onChange({ ...zone, rates: [...zone.rates, { key: newKey(), upToKg: '', price: '' }] })
          }
        >
          Add a weight band
        </Button>
        <Button variant="quiet" onClick={onRemove}>
          Remove {heading}
        </Button>
      </div>
    </fieldset>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettings }) {
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

  const error = formError ?? save.error?.message;
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Shipping rates">
      {draft.zones.length === 0 && (
        <Notice>
          No zones yet: shipping is free to every country. Add a zone to charge for shipping; from
          then on the shop ships only to the countries in a zone.
        </Notice>
      )}
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
          Add a zone
        </Button>
      </div>
      <Field
        label="Free shipping from"
        hint="Orders whose pieces come to this much or more ship free. Leave empty for never."
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
          Saved. Carts and checkout use these rates now.
        </Notice>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save shipping rates'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/shipping: zones by country, bands by weight, free over an amount (issue 34). */
export function ShippingPage() {
  const shipping = useShipping();
  return (
    <>
      <h1>Shipping</h1>
      <p>Pick-up at the shop is always free.</p>
      {shipping.isPending ? (
        <Loading label="Loading the shipping rates…" />
      ) : shipping.isError ? (
        <PageState title="The shipping rates could not be loaded">
          <p>{shipping.error.message}</p>
        </PageState>
      ) : (
        <ShippingForm settings={shipping.data} />
      )}
    </>
  );
}
