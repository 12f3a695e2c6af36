import { formatDay } from '../../lib/format';
import { Price } from '../ui/Price';
import styles from './OrderDetails.module.css';
import { awaitsPayment, type Order } from './order';

/**
 * How to pay an order the buyer pays themselves (issue 30 item 12): the amount, the last
 * day (counted in the shop's time zone), the reference, and the shop's own instructions.
 */
export function HowToPay({ order }: { order: Order }) {
  if (!awaitsPayment(order)) return null;
  return (
    <>
      <p>
        Please pay <Price cents={order.total_cents} /> by{' '}
        <strong>{formatDay(order.payment_due_date ?? '')}</strong>, quoting{' '}
        <strong className={styles.nowrap}>{order.number}</strong> as the reference. Unpaid orders
        are cancelled after the end of that day.
      </p>
      {order.payment_instructions && <p className={styles.lines}>{order.payment_instructions}</p>}
    </>
  );
}

/** Where and when a pickup order is collected, as the shop words it (issue 30 item 11). */
export function Collection({ order }: { order: Order }) {
  const pickup = order.pickup;
  return (
    <>
      {pickup?.address ? (
        <>
          <p>Collect it at the shop:</p>
          <p className={styles.lines}>{pickup.address}</p>
        </>
      ) : (
        <p>Collect it at the shop.</p>
      )}
      {pickup?.hours && <p className={styles.lines}>Opening hours: {pickup.hours}</p>}
      <p>
        Bring your order number, <span className={styles.nowrap}>{order.number}</span>, when you
        come.
      </p>
    </>
  );
}
