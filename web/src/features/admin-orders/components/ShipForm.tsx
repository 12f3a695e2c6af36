import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';

/** The server names the field at fault ("carrier", "/tracking_reference"): shown beside it. */
function errorFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  return error.field === field || error.field.endsWith(`/${field}`) ? error.message : undefined;
}

/** Mark shipped: the carrier and the tracking reference the buyer gets by mail. */
export function ShipForm({
  busy,
  error,
  onShip,
  className,
}: {
  busy: boolean;
  error: unknown;
  onShip: (carrier: string, trackingReference: string) => void;
  className?: string;
}) {
  const { t } = useTranslation('adminOrders');
  const [carrier, setCarrier] = useState('');
  const [reference, setReference] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onShip(carrier.trim(), reference.trim());
  }
  return (
    <form onSubmit={submit} aria-label={t('ship.markShipped')} className={className}>
      <Field
        label={t('ship.carrier')}
        name="carrier"
        required
        maxLength={60}
        value={carrier}
        error={errorFor(error, 'carrier')}
        onChange={(event) => setCarrier(event.target.value)}
      />
      <Field
        label={t('ship.tracking')}
        name="tracking_reference"
        required
        maxLength={100}
        value={reference}
        error={errorFor(error, 'tracking_reference')}
        onChange={(event) => setReference(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {t('ship.markShipped')}
      </Button>
    </form>
  );
}
