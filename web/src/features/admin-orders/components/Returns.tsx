import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refundDueBy, refundedItemIds, withdrawnItemIds } from '../../../components/order/returns';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Checkbox } from '../../../components/ui/Field';
import { formatDate, formatPrice } from '../../../lib/format';
import { type AdminOrder, useOrderAction } from '../api';
import { formatDateTime } from '../order-text';
import styles from './AdminOrders.module.css';

const REFUNDABLE: AdminOrder['state'][] = ['paid', 'shipped', 'delivered'];

/** The buyer's withdrawal with the deadline to pay it back, and what went back so far. */
function Record({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const money = (cents: number) => formatPrice(cents, order.currency);
  const titles = (ids: number[]) =>
    order.lines
      .filter((line) => line.item_id !== null && ids.includes(line.item_id))
      .map((line) => line.title)
      .join(', ');
  return (
    <>
      {order.withdrawal && (
        <ul>
          {order.withdrawal.requests.map((request) => (
            <li key={request.requested_at}>
              {t('returns.withdrawn', {
                when: formatDateTime(request.requested_at),
                titles: titles(request.item_ids),
              })}
              {request.reason && (
                <div className={styles.muted}>
                  {t('returns.reason', { reason: request.reason })}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {order.refunds.length > 0 && (
        <>
          <h3>{t('returns.paidBack')}</h3>
          <ul>
            {order.refunds.map((refund) => (
              <li key={refund.at}>
                {t('returns.paidBackOn', {
                  amount: money(refund.amount_cents),
                  when: formatDateTime(refund.at),
                })}
                {refund.item_ids.length > 0 && `: ${titles(refund.item_ids)}`}
                {refund.shipping_cents > 0 &&
                  ` ${t('returns.andShipping', { amount: money(refund.shipping_cents) })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Items received back (or never sent), with or without the shipping, back on sale or pending. */
function RefundForm({
  order,
  action,
  onRefunded,
}: {
  order: AdminOrder;
  action: ReturnType<typeof useOrderAction>;
  onRefunded: () => void;
}) {
  const { t } = useTranslation('adminOrders');
  const refunded = refundedItemIds(order);
  const withdrawn = withdrawnItemIds(order);
  const open = order.lines.filter((line) => line.item_id !== null && !refunded.has(line.item_id));
  const shippingBack = order.refunds.some((refund) => refund.shipping_cents > 0);
  const shippingOpen = order.shipping_cents > 0 && !shippingBack;
  const [picked, setPicked] = useState<number[]>(
    open.filter((line) => withdrawn.has(line.item_id!)).map((line) => line.item_id!),
  );
  const [shipping, setShipping] = useState(false);
  const [restock, setRestock] = useState<'available' | 'pending'>('available');
  if (open.length === 0 && !shippingOpen) return null;

  const paidBefore = order.refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  const asked =
    open
      .filter((line) => picked.includes(line.item_id!))
      .reduce((sum, line) => sum + line.price_cents, 0) + (shipping ? order.shipping_cents : 0);
  const amount = Math.min(asked, order.total_cents - paidBefore);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    action.mutate(
      { kind: 'refund', item_ids: picked, include_shipping: shipping, restock },
      {
        onSuccess: () => {
          setPicked([]);
          setShipping(false);
          onRefunded();
        },
      },
    );
  }
  const toggle = (itemId: number, on: boolean) =>
    setPicked((current) => (on ? [...current, itemId] : current.filter((id) => id !== itemId)));
  return (
    <form className={styles.returnForm} onSubmit={submit} aria-labelledby="refund-form">
      <h3 id="refund-form">{t('refund.title')}</h3>
      <fieldset>
        <legend>{t('refund.pieces')}</legend>
        {open.map((line) => (
          <Checkbox
            key={line.item_id}
            label={t('refund.piece', {
              title: line.title,
              price: formatPrice(line.price_cents, order.currency),
              withdrawn: withdrawn.has(line.item_id!) ? 'yes' : 'no',
            })}
            checked={picked.includes(line.item_id!)}
            onChange={(event) => toggle(line.item_id!, event.currentTarget.checked)}
          />
        ))}
        {shippingOpen && (
          <Checkbox
            label={t('refund.shipping', {
              price: formatPrice(order.shipping_cents, order.currency),
            })}
            checked={shipping}
            onChange={(event) => setShipping(event.currentTarget.checked)}
          />
        )}
      </fieldset>
      <fieldset>
        <legend>{t('refund.afterwards')}</legend>
        {(['available', 'pending'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="restock"
              value={value}
              checked={restock === value}
              onChange={() => setRestock(value)}
            />{' '}
            {t(`refund.restock.${value}`)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={amount <= 0 || action.isPending}>
        {action.isPending
          ? t('refund.pending')
          : t('refund.submit', { amount: formatPrice(Math.max(amount, 0), order.currency) })}
      </Button>
    </form>
  );
}

/**
 * Withdrawal and refunds on the admin's order (issue 34 item 5): the withdrawal with
 * the day the money is due back, the refunds so far, and the refund form.
 */
export function Returns({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  const refundable = REFUNDABLE.includes(order.state);
  // Here, not in the form: the form is gone once nothing is left to refund.
  const action = useOrderAction(order.id);
  const [done, setDone] = useState(false);
  if (!order.withdrawal && order.refunds.length === 0 && !refundable) return null;
  return (
    <section className={styles.card} aria-labelledby="order-returns">
      <h2 id="order-returns">{t('returns.title')}</h2>
      {!order.withdrawal && order.refunds.length === 0 && (
        <p className={styles.muted}>{t('returns.none')}</p>
      )}
      <div role="status">{done && <Notice tone="success">{t('done.refund')}</Notice>}</div>
      {action.isError && (
        <Notice tone="error" role="alert">
          {action.error.message}
        </Notice>
      )}
      <Record order={order} />
      {refundable && <RefundForm order={order} action={action} onRefunded={() => setDone(true)} />}
    </section>
  );
}

/** "Withdrawal requested 3 Mar, refund by 17 Mar": while something withdrawn is not paid back. */
export function WithdrawalBadge({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('adminOrders');
  if (!order.withdrawal || order.state === 'refunded' || order.state === 'cancelled') return null;
  const refunded = refundedItemIds(order);
  if (order.withdrawal.item_ids.every((id) => refunded.has(id))) return null;
  const due = refundDueBy(order.withdrawal);
  return (
    <span className={`${styles.badge} ${styles.withdrawn}`}>
      {t('returns.badge', {
        requested: formatDate(order.withdrawal.requested_at),
        due: formatDate(due.toISOString()),
      })}
    </span>
  );
}
