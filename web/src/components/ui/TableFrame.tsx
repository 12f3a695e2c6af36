import type { ReactNode } from 'react';
import styles from './Table.module.css';

/**
 * Around a data table: on a narrow screen the table scrolls sideways inside this frame,
 * never the page (issue 30 item 15). Its links and buttons take the focus, and the
 * browser scrolls the frame to whichever has it, so no extra tab stop is added.
 */
export function TableFrame({ children }: { children: ReactNode }) {
  return <div className={styles.frame}>{children}</div>;
}
