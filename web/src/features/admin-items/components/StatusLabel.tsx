import type { AdminItem } from '../../../lib/admin-api';
import styles from './AdminItems.module.css';

const WORDS: Record<AdminItem['status'], string> = {
  pending: 'Pending',
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};

/** The status in words (never colour alone). */
export function StatusLabel({ status }: { status: AdminItem['status'] }) {
  return <span className={`${styles.status} ${styles[status]}`}>{WORDS[status]}</span>;
}
