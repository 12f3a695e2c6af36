import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog, INITIAL_FOCUS } from './Dialog';
import styles from './Dialog.module.css';

/**
 * A yes/no question before a step: the shared modal with two buttons. The focus starts
 * on the safe answer (issue 30 item 13), so an Enter pressed out of habit keeps things
 * as they are; confirming takes a deliberate Tab or click.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      {children}
      <div className={styles.actions}>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} {...INITIAL_FOCUS}>
          {cancelLabel ?? t('cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
