import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../components/order/order';
import { canWithdraw, refundedItemIds, withdrawableLines } from '../../../components/order/returns';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Checkbox, TextArea } from '../../../components/ui/Field';
import { formatLanguage, formatPrice, localeOf } from '../../../lib/format';
import { usePriceFormat } from '../../../lib/queries';
import { useWithdraw } from '../api';
import styles from './Account.module.css';

/** A moment ("Thursday, 3 December 2026 at 18:34") as the page's language writes it. */
const moment = (iso: string) =>
  new Intl.DateTimeFormat(localeOf(formatLanguage()), {
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(iso));
/** A day ("3 December 2026") as the page's language writes it. */
const day = (iso: string) =>
  new Intl.DateTimeFormat(localeOf(formatLanguage()), { dateStyle: 'long' }).format(new Date(iso));

/** The titles of these items, as the order lists them. */
const titlesOf = (order: Order, itemIds: number[]) =>
  order.lines
    .filter((line) => line.item_id !== null && itemIds.includes(line.item_id))
    .map((line) => line.title)
    .join(', ');

/** What a withdrawal leads to, told before the buyer confirms (the mail says it again). */
function whatHappensKey(order: Order) {
  if (order.state === 'placed') return 'withdrawal.ifPlaced';
  if (order.state === 'paid') return 'withdrawal.ifPaid';
  return 'withdrawal.ifReceived';
}

/** The confirmation step: which pieces, an optional reason, then confirm. */
function WithdrawForm({
  order,
  onDone,
  onBack,
}: {
  order: Order;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('orders');
  const open = withdrawableLines(order);
  // Not paid yet: the payment awaited is for the whole order, so all of it goes.
  const whole = order.state === 'placed';
  const [picked, setPicked] = useState<number[]>(open.map((line) => line.item_id!));
  const [reason, setReason] = useState('');
  const withdraw = useWithdraw(order.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (picked.length === 0) return;
    const trimmed = reason.trim();
    withdraw.mutate(
      { item_ids: picked, ...(trimmed ? { reason: trimmed } : {}) },
      { onSuccess: onDone },
    );
  }

  const toggle = (itemId: number, on: boolean) =>
    setPicked((current) => (on ? [...current, itemId] : current.filter((id) => id !== itemId)));
  return (
    <form onSubmit={submit} aria-labelledby="withdraw-confirm">
      <h3 id="withdraw-confirm">{t('withdrawal.confirmTitle')}</h3>
      <fieldset className={styles.pieces}>
        <legend>{t('withdrawal.which')}</legend>
        {whole && <p className={styles.muted}>{t('withdrawal.whole')}</p>}
        {open.map((line) => (
          <Checkbox
            key={line.item_id}
            label={t('withdrawal.piece', {
              title: line.title,
              price: formatPrice(line.price_cents, order.currency),
            })}
            checked={picked.includes(line.item_id!)}
            disabled={whole}
            onChange={(event) => toggle(line.item_id!, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <p className={styles.muted}>{t(whatHappensKey(order))}</p>
      <TextArea
        label={t('withdrawal.reason')}
        hint={t('withdrawal.reasonHint')}
        name="reason"
        maxLength={1000}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {withdraw.isError && (
        <Notice tone="error" role="alert">
          {withdraw.error.message}
        </Notice>
      )}
      <div className={styles.links}>
        <Button type="submit" disabled={picked.length === 0 || withdraw.isPending}>
          {withdraw.isPending ? t('withdrawal.sending') : t('withdrawal.confirm')}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('withdrawal.back')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Withdraw from this purchase" (issue 34 item 5; Directive 2023/2673 Art. 11a): a
 * visible button while withdrawing applies, a confirmation step, then the
 * acknowledgment; below, what was withdrawn and paid back so far.
 */
export function Withdrawal({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const price = usePriceFormat();
  const [step, setStep] = useState<'idle' | 'confirming' | 'acknowledged'>('idle');
  const open = canWithdraw(order);
  if (!open && !order.withdrawal && order.refunds.length === 0) return null;
  const latest = order.withdrawal?.requests.at(-1);
  const refunded = refundedItemIds(order);
  return (
    <section className={styles.card} aria-labelledby="order-withdrawal">
      <h2 id="order-withdrawal">{t('withdrawal.title')}</h2>
      {step === 'acknowledged' && latest && (
        <Notice tone="success" role="status">
          {t('withdrawal.received', { moment: moment(latest.requested_at) })}
        </Notice>
      )}
      {order.withdrawal && (
        <ul>
          {order.withdrawal.requests.map((request) => (
            <li key={request.requested_at}>
              {t(
                request.item_ids.every((id) => refunded.has(id))
                  ? 'withdrawal.withdrawnOnPaidBack'
                  : 'withdrawal.withdrawnOn',
                {
                  moment: moment(request.requested_at),
                  titles: titlesOf(order, request.item_ids),
                },
              )}
            </li>
          ))}
        </ul>
      )}
      {order.refunds.map((refund) => (
        <p key={refund.at}>
          {t('withdrawal.refunded', {
            amount: price?.(refund.amount_cents) ?? '',
            day: day(refund.at),
            forItems: refund.item_ids.length > 0 ? 'yes' : 'no',
            titles: titlesOf(order, refund.item_ids),
            shipping: refund.shipping_cents > 0 ? 'yes' : 'no',
          })}
        </p>
      ))}
      {open && step !== 'confirming' && (
        <>
          <p className={styles.muted}>
            {order.withdrawal_period_ends_at
              ? t('withdrawal.until', { moment: moment(order.withdrawal_period_ends_at) })
              : t('withdrawal.anyTime')}
          </p>
          <Button variant="secondary" onClick={() => setStep('confirming')}>
            {t('withdrawal.start')}
          </Button>
        </>
      )}
      {/* Kept while its request runs: the answer closes it (the order then has no piece left). */}
      {step === 'confirming' && (
        <WithdrawForm
          order={order}
          onDone={() => setStep('acknowledged')}
          onBack={() => setStep('idle')}
        />
      )}
    </section>
  );
}
