import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format';
import type { Order } from './order';

type Code = NonNullable<Order['cancel_reason_code']>;

/** The shop's own reasons for a cancel, by the code the order carries (`<namespace>.cancelReason.*`). */
const KEYS: Record<Code, string> = {
  payment_failed: 'cancelReason.paymentFailed',
  not_completed: 'cancelReason.notCompleted',
  no_longer_held: 'cancelReason.noLongerHeld',
  withdrawn_unpaid: 'cancelReason.withdrewUnpaid',
  replaced: 'cancelReason.replaced',
  page_not_opened: 'cancelReason.pageNotOpened',
  not_paid_by: 'cancelReason.notPaidBy',
};

/**
 * Why an order was cancelled, without a closing full stop: the shop's own reason in
 * the page's language, told to the buyer (`orders`) or the owner (`adminOrders`); the
 * owner's own words as they wrote them.
 */
export function useCancelReason(namespace: 'orders' | 'adminOrders') {
  const { t } = useTranslation(namespace);
  return (
    order: Pick<Order, 'cancel_reason' | 'cancel_reason_code' | 'cancel_reason_day'>,
  ): string | null => {
    if (order.cancel_reason_code === null)
      return order.cancel_reason?.replace(/[.!]+$/, '') ?? null;
    const day = order.cancel_reason_day ? formatDay(order.cancel_reason_day) : '';
    return t(KEYS[order.cancel_reason_code], { day });
  };
}
