import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { ApiError, type Cart } from '../../../lib/api-client';
import { formatLanguage, localeOf } from '../../../lib/format';
import { usePriceFormat } from '../../../lib/queries';
import { type Quote, useQuote } from '../api';
import styles from './Cart.module.css';
import { type DeliveryChoice, quoteBodyOf } from './Delivery';

/**
 * Items, shipping and the total before the button, from the server's quote for where the
 * parcel goes (issue 34): a country the shop does not ship to is said here, at once.
 */
export function Summary({ cart, choice }: { cart: Cart; choice: DeliveryChoice }) {
  const { t } = useTranslation('cart');
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
        <span>{t('summary.pieces')}</span>
        <Price cents={itemsCents} />
      </div>
      <div className={styles.row}>
        <span>{t('summary.shipping')}</span>
        {choice.mode === 'pickup' ? (
          <span>{t('summary.freePickup')}</span>
        ) : body === null ? (
          <span>{t('summary.chooseCountry')}</span>
        ) : refusal ? (
          <span>{t('summary.notAvailable')}</span>
        ) : data ? (
          data.shipping_cents === 0 ? (
            <span>{t('summary.free')}</span>
          ) : (
            <Price cents={data.shipping_cents} />
          )
        ) : (
          <span>{t('summary.working')}</span>
        )}
      </div>
      <div className={styles.total}>
        <span>{t('summary.total')}</span>
        <Price cents={data?.total_cents ?? itemsCents} />
      </div>
      {data && <TaxNote quote={data} />}
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
    </div>
  );
}

/**
 * What the total contains (issue 34 item 3): prices include VAT, so it is said, never
 * added: "incl. 19% VAT €3.80"; the shop's own note under a small business exemption;
 * nothing under the margin scheme (no VAT may be shown there).
 */
function TaxNote({ quote }: { quote: Quote }) {
  const { t } = useTranslation('cart');
  const price = usePriceFormat();
  if (quote.tax.mode === 'included' && quote.tax_cents > 0) {
    // "19%" in English, "19 %" in German: the rate as the page's language writes a percentage.
    const rate = new Intl.NumberFormat(localeOf(formatLanguage()), {
      style: 'percent',
      maximumFractionDigits: 2,
    }).format(quote.tax.rate_bp / 10_000);
    return (
      <p className={styles.taxNote}>
        {t('summary.vatIncluded', { rate, amount: price?.(quote.tax_cents) ?? '' })}
      </p>
    );
  }
  if (quote.tax.mode === 'none' && quote.tax.wording)
    return <p className={styles.taxNote}>{quote.tax.wording}</p>;
  return null;
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
