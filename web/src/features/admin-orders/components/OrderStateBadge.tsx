import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../api';
import { stateLabel } from '../order-text';
import styles from './AdminOrders.module.css';

export function OrderStateBadge({ order }: { order: Pick<AdminOrder, 'state' | 'fulfilment'> }) {
  const { t } = useTranslation('adminOrders');
  return <span className={`${styles.badge} ${styles[order.state]}`}>{stateLabel(t, order)}</span>;
}
