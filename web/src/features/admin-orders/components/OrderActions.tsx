import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refundedItemIds, withdrawnItemIds } from '../../../components/order/returns';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { ApiError } from '../../../lib/api-client';
import { type AdminOrder, type OrderAction, useOrderAction } from '../api';
import styles from './AdminOrders.module.css';
import { CancelDialog } from './CancelDialog';
import { ShipForm } from './ShipForm';

/** What the owner reads after each change (keys in the `adminOrders` catalogue). */
const DONE: Record<OrderAction['kind'], string> = {
  'mark-paid': 'done.markPaid',
  ship: 'done.ship',
  deliver: 'done.deliver',
  cancel: 'done.cancel',
  refund: 'done.refund',
};

/** Something withdrawn is not paid back yet. */
function awaitingRefund(order: AdminOrder): boolean {
  const refunded = refundedItemIds(order);
  return [...withdrawnItemIds(order)].some((id) => !refunded.has(id));
}

/** What the owner reads after handing a pickup order over at the counter. */
const HANDED_OVER = 'done.handedOver';

/**
 * Only the actions the order's state allows (placed → paid → shipped → delivered, a
 * pickup order paid → handed over; cancel from placed or paid). A refusal (someone else changed it first) shows the
 * server's reason, and the order is reloaded so the buttons match its state again.
 */
export function OrderActions({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const action = useOrderAction(order.id);
  const [cancelling, setCancelling] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // The button that was pressed is gone after a change: focus goes to what happened.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const { state } = order;
  const pickup = order.fulfilment === 'pickup';

  function run(next: OrderAction) {
    setDone(null);
    const told = t(pickup && next.kind === 'deliver' ? HANDED_OVER : DONE[next.kind]);
    action.mutate(next, { onSuccess: () => setDone(told) });
  }

  const canCancel = state === 'placed' || state === 'paid';
  // Ship form field errors are shown beside their field; everything else up here.
  const besideField =
    action.error instanceof ApiError &&
    /(^|\/)(carrier|tracking_reference)$/.test(action.error.field ?? '');
  return (
    <section aria-labelledby="order-actions">
      <h2 id="order-actions" className="visually-hidden">
        {t('actions.title')}
      </h2>
      <div ref={statusRef} tabIndex={-1} role="status">
        {done && <Notice tone="success">{done}</Notice>}
      </div>
      {action.error && !besideField && (
        <Notice tone="error" role="alert">
          {action.error.message}
        </Notice>
      )}
      {state === 'delivered' || state === 'cancelled' || state === 'refunded' ? (
        <p className={styles.muted}>
          {t('actions.finished', {
            state: state === 'delivered' && pickup ? 'handedOver' : state,
            awaiting: state === 'delivered' && awaitingRefund(order) ? 'yes' : 'no',
          })}
        </p>
      ) : (
        <div className={styles.actions}>
          {/* A Stripe order is paid by Stripe's word, never by hand (issue 32). */}
          {state === 'placed' && order.payment.provider !== 'stripe' && (
            <Button disabled={action.isPending} onClick={() => run({ kind: 'mark-paid' })}>
              {t('actions.markPaid')}
            </Button>
          )}
          {/* A pickup order is handed over at the counter, never shipped (issue 30 item 11). */}
          {state === 'paid' && pickup && (
            <Button disabled={action.isPending} onClick={() => run({ kind: 'deliver' })}>
              {t('actions.markHandedOver')}
            </Button>
          )}
          {state === 'paid' && !pickup && (
            <ShipForm
              className={styles.shipForm}
              busy={action.isPending}
              error={action.error}
              onShip={(carrier, tracking_reference) =>
                run({ kind: 'ship', carrier, tracking_reference })
              }
            />
          )}
          {state === 'shipped' && (
            <Button disabled={action.isPending} onClick={() => run({ kind: 'deliver' })}>
              {t('actions.markDelivered')}
            </Button>
          )}
          {canCancel && (
            <Button
              variant="danger"
              className={styles.apart}
              disabled={action.isPending}
              onClick={() => setCancelling(true)}
            >
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      )}
      {canCancel && (
        <CancelDialog
          order={order}
          open={cancelling}
          onClose={() => setCancelling(false)}
          onConfirm={(reason) => {
            setCancelling(false);
            run({ kind: 'cancel', reason });
          }}
        />
      )}
    </section>
  );
}
