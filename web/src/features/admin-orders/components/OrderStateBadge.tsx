import type { OrderState } from '../api';
import { STATE_LABELS } from '../order-text';
import styles from './AdminOrders.module.css';

export function OrderStateBadge({ state }: { state: OrderState }) {
  return <span className={`${styles.badge} ${styles[state]}`}>{STATE_LABELS[state]}</span>;
}
