import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './Dialog.module.css';

/**
 * Spread on the control that takes the focus when the dialog opens (the safe button
 * of a destructive question). Without it, the browser picks the first focusable one.
 */
export const INITIAL_FOCUS = { 'data-initial-focus': true } as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal with the native <dialog>: focus moves in on open, Tab and Shift+Tab wrap
 * inside it (rather than leave for the browser's own controls), Escape calls
 * `onClose`, and focus returns to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const inside = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // React state closes it, so focus goes back to the opener the same way.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
