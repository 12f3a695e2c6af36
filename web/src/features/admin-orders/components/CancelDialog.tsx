import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextArea } from '../../../components/ui/Field';
import type { AdminOrder } from '../api';
import styles from './AdminOrders.module.css';

/**
 * Cancel with a reason, in the shared modal (focus kept inside, Escape closes,
 * focus back to the opener); the reason box is the first field, so focus lands
 * there. It says what a cancel does before the owner confirms.
 */
export function CancelDialog({
  order,
  open,
  onConfirm,
  onClose,
}: {
  order: AdminOrder;
  open: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return;
    onConfirm(reason.trim());
    setReason('');
  }

  const pieces =
    order.lines.length === 1 ? 'The piece goes' : `All ${order.lines.length} pieces go`;
  return (
    <Dialog open={open} title={`Cancel order ${order.number}?`} onClose={onClose}>
      <form onSubmit={submit}>
        <p>
          {pieces} back on sale (available) at once, the payment is voided through the payment
          provider, and the buyer gets a mail with your reason. This cannot be undone.
        </p>
        <TextArea
          label="Reason, told to the buyer"
          name="reason"
          required
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={styles.dialogButtons}>
          <Button type="submit" variant="danger">
            Cancel the order
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the order
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
