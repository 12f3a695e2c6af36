import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/Field';
import type { AdminOrder } from '../api';
import styles from './AdminOrders.module.css';

/**
 * Cancel with a reason, in the native modal <dialog>: focus moves into it and
 * stays there, Escape closes it, and focus returns to the button that opened it.
 * It says what a cancel does (issue 18 state 4) before the owner confirms.
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
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Straight to the reason: the one thing the owner has to type.
      dialog.querySelector('textarea')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return;
    onConfirm(reason.trim());
    setReason('');
  }

  const pieces =
    order.lines.length === 1 ? 'The piece goes' : `All ${order.lines.length} pieces go`;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="cancel-order-title"
      aria-describedby="cancel-order-effects"
      onCancel={onClose}
    >
      <form onSubmit={submit}>
        <h2 id="cancel-order-title">Cancel order {order.number}?</h2>
        <p id="cancel-order-effects">
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
    </dialog>
  );
}
