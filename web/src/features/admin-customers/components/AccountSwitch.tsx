import { useState } from 'react';
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
  const change = useAccountSwitch();
  const [open, setOpen] = useState(false);
  const enabling = customer.status === 'disabled';
  return (
    <>
      <Button variant={enabling ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {enabling ? 'Enable' : 'Disable'}
        <span className="visually-hidden"> {customer.display_name}</span>
      </Button>
      {change.error && (
        <Notice tone="error" role="alert">
          {change.error.message}
        </Notice>
      )}
      <ConfirmDialog
        open={open}
        title={`${enabling ? 'Enable' : 'Disable'} ${customer.display_name}?`}
        confirmLabel={enabling ? 'Enable account' : 'Disable account'}
        danger={!enabling}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          change.mutate({ id: customer.id, enable: enabling });
        }}
      >
        <p>
          {enabling
            ? 'They can sign in again. Items released when they were disabled are not given back.'
            : 'They are signed out everywhere at once and cannot sign in. Items in their cart are released for others to buy; enabling them later does not give the items back.'}
        </p>
      </ConfirmDialog>
    </>
  );
}
