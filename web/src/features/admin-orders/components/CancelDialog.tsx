import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('adminOrders');
  const [reason, setReason] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return;
    onConfirm(reason.trim());
    setReason('');
  }

  return (
    <Dialog open={open} title={t('cancel.title', { number: order.number })} onClose={onClose}>
      <form onSubmit={submit}>
        <p>{t('cancel.body', { count: order.lines.length })}</p>
        <TextArea
          label={t('cancel.reason')}
          name="reason"
          required
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className={styles.dialogButtons}>
          <Button type="submit" variant="danger">
            {t('cancel.confirm')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
