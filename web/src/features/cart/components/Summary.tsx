import { Notice } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { ApiError, type Cart } from '../../../lib/api-client';
import { useQuote } from '../api';
import styles from './Cart.module.css';
import { type DeliveryChoice, quoteBodyOf } from './Delivery';

/**
 * Items, shipping and the total before the button, from the server's quote for where the
 * parcel goes (issue 34): a country the shop does not ship to is said here, at once.
 */
export function Summary({ cart, choice }: { cart: Cart; choice: DeliveryChoice }) {
  const itemsCents = cart.items.reduce((sum, item) => sum + item.price_cents, 0);
  const body = quoteBodyOf(choice);
  const quote = useQuote(
    body,
    cart.items.map((item) => item.id),
  );
  const refusal =
    quote.error instanceof ApiError &&
    (quote.error.code === 'no_shipping_to_country' || quote.error.code === 'parcel_too_heavy')
      ? quote.error.message
      : undefined;
  const data = body !== null && !quote.isError ? quote.data : undefined;
  return (
    <div className={styles.totals} aria-live="polite">
      <div className={styles.row}>
        <span>Pieces</span>
        <Price cents={itemsCents} />
      </div>
      <div className={styles.row}>
        <span>Shipping</span>
        {choice.mode === 'pickup' ? (
          <span>Free (pick up)</span>
        ) : body === null ? (
          <span>Choose the country</span>
        ) : refusal ? (
          <span>Not available</span>
        ) : data ? (
          data.shipping_cents === 0 ? (
            <span>Free</span>
          ) : (
            <Price cents={data.shipping_cents} />
          )
        ) : (
          <span>Working it out…</span>
        )}
      </div>
      {data && data.tax_cents > 0 && (
        <div className={styles.row}>
          <span>Tax</span>
          <Price cents={data.tax_cents} />
        </div>
      )}
      <div className={styles.total}>
        <span>Total</span>
        <Price cents={data?.total_cents ?? itemsCents} />
      </div>
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
    </div>
  );
}

/** Whether checkout would be refused for where the parcel goes (said by Summary). */
export function useShippingRefused(cart: Cart, choice: DeliveryChoice): boolean {
  const quote = useQuote(
    quoteBodyOf(choice),
    cart.items.map((item) => item.id),
  );
  return (
    quote.error instanceof ApiError &&
    (quote.error.code === 'no_shipping_to_country' || quote.error.code === 'parcel_too_heavy')
  );
}
