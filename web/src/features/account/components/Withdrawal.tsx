import { type FormEvent, useState } from 'react';
import type { Order } from '../../../components/order/order';
import { canWithdraw, refundedItemIds, withdrawableLines } from '../../../components/order/returns';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import { Checkbox, TextArea } from '../../../components/ui/Field';
import { Price } from '../../../components/ui/Price';
import { formatPrice } from '../../../lib/format';
import { useWithdraw } from '../api';
import styles from './Account.module.css';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The titles of these items, as the order lists them. */
const titlesOf = (order: Order, itemIds: number[]) =>
  order.lines
    .filter((line) => line.item_id !== null && itemIds.includes(line.item_id))
    .map((line) => line.title)
    .join(', ');

/** What a withdrawal leads to, told before the buyer confirms (the mail says it again). */
function whatHappens(order: Order): string {
  if (order.state === 'placed') return 'The order is cancelled; nothing is to be paid.';
  if (order.state === 'paid')
    return 'We do not send or hand over the pieces, and pay back what you paid for them within 14 days.';
  return 'Send the pieces back to the shop within 14 days; we pay back what you paid for them within 14 days.';
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
      <h3 id="withdraw-confirm">Confirm your withdrawal</h3>
      <fieldset className={styles.pieces}>
        <legend>Which pieces do you withdraw from?</legend>
        {whole && (
          <p className={styles.muted}>
            This order is not paid yet: withdrawing cancels all of it, and nothing is due.
          </p>
        )}
        {open.map((line) => (
          <Checkbox
            key={line.item_id}
            label={`${line.title} (${formatPrice(line.price_cents, order.currency)})`}
            checked={picked.includes(line.item_id!)}
            disabled={whole}
            onChange={(event) => toggle(line.item_id!, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <p className={styles.muted}>{whatHappens(order)}</p>
      <TextArea
        label="Reason (optional)"
        hint="You do not have to give one."
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
          {withdraw.isPending ? 'Sending…' : 'Confirm withdrawal'}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          Back
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
  const [step, setStep] = useState<'idle' | 'confirming' | 'acknowledged'>('idle');
  const open = canWithdraw(order);
  if (!open && !order.withdrawal && order.refunds.length === 0) return null;
  const latest = order.withdrawal?.requests.at(-1);
  const refunded = refundedItemIds(order);
  return (
    <section className={styles.card} aria-labelledby="order-withdrawal">
      <h2 id="order-withdrawal">Withdrawal and returns</h2>
      {step === 'acknowledged' && latest && (
        <Notice tone="success" role="status">
          We received your withdrawal on {moment.format(new Date(latest.requested_at))}. A
          confirmation is on its way to your email; keep it for your records.
        </Notice>
      )}
      {order.withdrawal && (
        <ul>
          {order.withdrawal.requests.map((request) => (
            <li key={request.requested_at}>
              Withdrawn on {moment.format(new Date(request.requested_at))}:{' '}
              {titlesOf(order, request.item_ids)}
              {request.item_ids.every((id) => refunded.has(id)) && ' (paid back)'}
            </li>
          ))}
        </ul>
      )}
      {order.refunds.map((refund) => (
        <p key={refund.at}>
          Refunded <Price cents={refund.amount_cents} /> on {day.format(new Date(refund.at))}
          {refund.item_ids.length > 0 && ` for ${titlesOf(order, refund.item_ids)}`}
          {refund.shipping_cents > 0 && ' (with the shipping)'}.
        </p>
      ))}
      {open && step !== 'confirming' && (
        <>
          <p className={styles.muted}>
            {order.withdrawal_period_ends_at
              ? `You can withdraw from this purchase until ${moment.format(new Date(order.withdrawal_period_ends_at))}.`
              : 'You can withdraw from this purchase at any time before it reaches you, and for 14 days after.'}
          </p>
          <Button variant="secondary" onClick={() => setStep('confirming')}>
            Withdraw from this purchase
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
