import { Trans, useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import { usePriceFormat } from '../../lib/queries';
import styles from './OrderDetails.module.css';
import { awaitsPayment, type Order } from './order';

/**
 * How to pay an order the buyer pays themselves (issue 30 item 12): the amount, the last
 * day (counted in the shop's time zone), the reference, and the shop's own instructions.
 */
export function HowToPay({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  if (!awaitsPayment(order)) return null;
  return (
    <>
      <p>
        <Trans
          t={t}
          i18nKey="howToPay"
          values={{
            amount: price?.(order.total_cents) ?? '',
            day: formatDay(order.payment_due_date ?? ''),
            number: order.number,
          }}
          components={{ strong: <strong />, ref: <strong className={styles.nowrap} /> }}
        />
      </p>
      {order.payment_instructions && <p className={styles.lines}>{order.payment_instructions}</p>}
    </>
  );
}

/** Where and when a pickup order is collected, as the shop words it (issue 30 item 11). */
export function Collection({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const pickup = order.pickup;
  return (
    <>
      {pickup?.address ? (
        <>
          <p>{t('collection.atAddress')}</p>
          <p className={styles.lines}>{pickup.address}</p>
        </>
      ) : (
        <p>{t('collection.atShop')}</p>
      )}
      {pickup?.hours && (
        <p className={styles.lines}>{t('collection.hours', { hours: pickup.hours })}</p>
      )}
      <p>
        <Trans
          t={t}
          i18nKey="collection.bring"
          values={{ number: order.number }}
          components={{ nowrap: <span className={styles.nowrap} /> }}
        />
      </p>
    </>
  );
}
