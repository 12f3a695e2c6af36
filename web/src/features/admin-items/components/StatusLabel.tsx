import { useTranslation } from 'react-i18next';
import type { AdminItem } from '../../../lib/admin-api';
import styles from './AdminItems.module.css';

/** The status in words (never colour alone). */
export function StatusLabel({ status }: { status: AdminItem['status'] }) {
  const { t } = useTranslation('adminItems');
  return <span className={`${styles.status} ${styles[status]}`}>{t(`status.${status}`)}</span>;
}
