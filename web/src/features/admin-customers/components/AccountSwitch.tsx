import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Notice } from '../../../components/ui/Feedback';
import { useAccountSwitch } from '../api';

/**
 * Disable or enable with a confirmation that says what happens (spec 3): on
 * disable, sessions end at once and held items are released; enabling does not
 * give the items back.
 */
export function AccountSwitch({
  customer,
}: {
  customer: { id: number; display_name: string; status: 'active' | 'disabled' };
}) {
  const { t } = useTranslation('admin');
  const change = useAccountSwitch();
  const [open, setOpen] = useState(false);
  const enabling = customer.status === 'disabled';
  return (
    <>
      <Button variant={enabling ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {enabling ? t('customers.enable') : t('customers.disable')}
        <span className="visually-hidden"> {customer.display_name}</span>
      </Button>
      {change.error && (
        <Notice tone="error" role="alert">
          {change.error.message}
        </Notice>
      )}
      <ConfirmDialog
        open={open}
        title={
          enabling
            ? t('customers.enableTitle', { name: customer.display_name })
            : t('customers.disableTitle', { name: customer.display_name })
        }
        confirmLabel={enabling ? t('customers.enableConfirm') : t('customers.disableConfirm')}
        danger={!enabling}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          change.mutate({ id: customer.id, enable: enabling });
        }}
      >
        <p>{enabling ? t('customers.enableBody') : t('customers.disableBody')}</p>
      </ConfirmDialog>
    </>
  );
}
