import { useCallback, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isAddressFieldError } from '../../components/address/AddressFields';
import { Collection, HowToPay } from '../../components/order/OrderDetails';
import { awaitsPayment, type Order } from '../../components/order/order';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Countdown } from '../../components/ui/Countdown';
import { Loading, Notice, PageState } from '../../components/ui/Feedback';
import { Checkbox } from '../../components/ui/Field';
import { ItemImage } from '../../components/ui/ItemImage';
import { Price } from '../../components/ui/Price';
import { useCreateAddress } from '../../lib/address-queries';
import { ApiError, type Cart } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { useCart, useMe, useShopSettings } from '../../lib/queries';
import { useCheckout, useRemoveFromCart } from './api';
import styles from './components/Cart.module.css';
import {
  checkoutBodyOf,
  Delivery,
  type DeliveryChoice,
  EMPTY_DELIVERY,
} from './components/Delivery';
import { Summary, useShippingRefused } from './components/Summary';

function HeldItems({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  const remove = useRemoveFromCart();
  const holdMinutes = useShopSettings().data?.cart_hold_minutes;
  // Said before the click (issue 30 item 5): a removed piece starts the shopper's
  // cool-down, so "remove, add again" cannot restart the hold (decisions: Commerce).
  const warningId = useId();
  const warned = holdMinutes !== undefined;
  return (
    <div>
      <ul className={styles.lines} aria-label={t('held.label')}>
        {cart.items.map((item) => (
          <li key={item.id} className={styles.line}>
            {item.images[0] ? (
              <ItemImage image={item.images[0]} alt="" sizes="80px" />
            ) : (
              <div className={styles.placeholder} />
            )}
            <div>
              <Link to={`/items/${item.id}`} className={styles.lineTitle}>
                {item.title}
              </Link>
              <div>
                <Price cents={item.price_cents} />
              </div>
              <Button
                variant="quiet"
                onClick={() => remove.mutate(item.id)}
                disabled={remove.isPending}
                aria-label={t('held.removeLabel', { title: item.title })}
                aria-describedby={warned ? warningId : undefined}
              >
                {t('held.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {warned && (
        <p id={warningId} className={styles.removeNote}>
          {t('held.removeNote', { minutes: holdMinutes })}
        </p>
      )}
    </div>
  );
}

function CartPage() {
  const { t } = useTranslation('cart');
  const me = useMe();
  const cart = useCart(Boolean(me.data));
  const checkout = useCheckout();
  const saveAddress = useCreateAddress();
  const navigate = useNavigate();
  // Stripe: the buyer pays on Stripe's page; nothing is sold until the payment arrives.
  const hosted = useShopSettings().data?.payment_provider === 'stripe';
  // Back from the payment page without paying (its cancel_url).
  const [search] = useSearchParams();
  const leftPayment = search.get('payment') === 'cancelled';
  // The pieces the page showed when the hold ran out, to say which ones went back.
  const [released, setReleased] = useState<Cart['items'] | null>(null);
  const [delivery, setDelivery] = useState<DeliveryChoice>(EMPTY_DELIVERY);
  const shippingRefused = useShippingRefused(
    cart.data ?? { items: [], reserved_until: null },
    delivery,
  );
  const settings = useShopSettings().data;
  const holdMinutes = settings?.cart_hold_minutes;
  // EU button solution: the button says that ordering means paying (the server's words,
  // in the page's language: the server's own for each way of paying).
  const buttonLabel = t(`button.${settings?.payment_provider ?? 'accept'}`);
  const pages = settings?.pages ?? [];
  const termsPage = pages.find((p) => p.slug === 'terms');
  const withdrawalPage = pages.find((p) => p.slug === 'withdrawal');
  const termsLabel = termsPage
    ? t(withdrawalPage ? 'terms.acceptWithWithdrawal' : 'terms.accept', {
        terms: termsPage.title.toLowerCase() === 'terms and conditions' ? 'standard' : 'titled',
        title: termsPage.title,
        withdrawal: withdrawalPage?.title,
      })
    : null;
  const [acceptTerms, setAcceptTerms] = useState(false);

  // The hold ended while the page was open: the server has released the pieces (or will
  // on the next read); read the cart again so the page shows what is really held.
  const refetch = cart.refetch;
  const shown = cart.data?.items;
  const onExpired = useCallback(() => {
    setReleased(shown ?? []);
    refetch();
  }, [refetch, shown]);

  if (me.isPending) return <Loading />;
  if (!me.data)
    return (
      <PageState
        headingLevel={1}
        title={t('title')}
        action={<ButtonLink to="/account/sign-in">{t('common:shell.signIn')}</ButtonLink>}
      >
        <p>{t('signInBody')}</p>
      </PageState>
    );
  if (cart.isPending) return <Loading />;
  if (cart.isError)
    return (
      <PageState headingLevel={1} title={t('loadFailed')}>
        <p>{cart.error.message}</p>
      </PageState>
    );

  const data = cart.data;
  // The save's refusal (a field, or the limit reached meanwhile) stops the purchase: shown
  // where the checkout's own would be.
  const failure = saveAddress.error ?? checkout.error;
  const refused =
    failure instanceof ApiError && failure.code === 'cart_empty'
      ? t('empty.nothingToBuy')
      : isAddressFieldError(failure)
        ? undefined // said next to each field
        : failure?.message;
  const busy = saveAddress.isPending || checkout.isPending;

  /**
   * "Save this address" saves it first, then buys with the saved address. A customer who
   * ticked the box expects it kept even if the payment is then refused; and a retry then
   * uses the now-saved address (selected for them) instead of saving it twice.
   */
  async function buy() {
    saveAddress.reset();
    checkout.reset();
    let choice = delivery;
    if (choice.mode === 'new' && choice.saveToAccount) {
      try {
        const saved = await saveAddress.mutateAsync(choice.address);
        choice = { ...choice, mode: String(saved.id), saveToAccount: false };
        setDelivery(choice);
      } catch {
        return; // shown beside the field or above the button
      }
    }
    // The exact words shown, kept with the order (as consent wording is).
    const legal = termsLabel
      ? { accept_terms: acceptTerms, checkout_wording: `${termsLabel} [${buttonLabel}]` }
      : { checkout_wording: `[${buttonLabel}]` };
    checkout.mutate(
      { ...(checkoutBodyOf(choice) ?? {}), ...legal },
      {
        onSuccess: (result) => {
          // Off to the payment page; it brings the buyer back to the order.
          if (result.payment_url) window.location.assign(result.payment_url);
          else
            navigate('/cart/thank-you', {
              state: { count: result.sold_item_ids.length, order: result.order },
            });
        },
      },
    );
  }

  if (data.items.length === 0)
    return (
      <>
        <h1>{t('title')}</h1>
        {(released || refused) && (
          <Notice tone="error" role="alert">
            {refused ??
              (holdMinutes ? t('empty.ranOutWait', { minutes: holdMinutes }) : t('empty.ranOut'))}
          </Notice>
        )}
        {released && released.length > 0 && (
          <ul className={styles.released} aria-label={t('empty.releasedLabel')}>
            {released.map((item) => (
              <li key={item.id}>
                <Link to={`/items/${item.id}`}>{item.title}</Link>{' '}
                <span className={styles.releasedTag}>{t('empty.released')}</span>
              </li>
            ))}
          </ul>
        )}
        <PageState
          title={t('empty.title')}
          action={<ButtonLink to="/">{t('common:notFound.browse')}</ButtonLink>}
        >
          <p>{t('empty.body')}</p>
        </PageState>
      </>
    );

  return (
    <>
      <h1>{t('title')}</h1>
      {leftPayment && data.reserved_until && (
        <Notice role="status">{t('paymentLeft', { time: formatTime(data.reserved_until) })}</Notice>
      )}
      <div className={styles.layout}>
        <HeldItems cart={data} />
        <aside className={styles.summary} aria-label={t('checkout')}>
          {data.reserved_until && (
            <div>
              <Trans
                t={t}
                i18nKey="held.timer"
                components={{
                  timer: (
                    <span className={styles.timer}>
                      <Countdown until={data.reserved_until} onExpired={onExpired} />
                    </span>
                  ),
                }}
              />
            </div>
          )}
          <Delivery choice={delivery} onChange={setDelivery} error={failure} />
          <Summary cart={data} choice={delivery} />
          {refused && (
            <Notice tone="error" role="alert">
              {refused}
            </Notice>
          )}
          {termsLabel && (
            <div className={styles.terms}>
              <Checkbox
                label={termsLabel}
                checked={acceptTerms}
                onChange={(event) => {
                  setAcceptTerms(event.currentTarget.checked);
                  // Ticked now: the refusal that asked for it no longer stands.
                  if (
                    event.currentTarget.checked &&
                    checkout.error instanceof ApiError &&
                    checkout.error.code === 'terms_not_accepted'
                  )
                    checkout.reset();
                }}
              />
              <p>
                <a href="/pages/terms" target="_blank" rel="noopener">
                  {t('terms.read', { title: termsPage?.title })}
                </a>
                {withdrawalPage && (
                  <>
                    {' · '}
                    <a href="/pages/withdrawal" target="_blank" rel="noopener">
                      {withdrawalPage.title}
                    </a>
                  </>
                )}
              </p>
            </div>
          )}
          <Button wide disabled={busy || shippingRefused} onClick={buy}>
            {busy ? t(hosted ? 'button.opening' : 'button.placing') : buttonLabel}
          </Button>
          {hosted ? <p>{t('stripeNote')}</p> : <p>{t('buyNote')}</p>}
        </aside>
      </div>
    </>
  );
}

/**
 * After checkout, from the order the checkout answered (kept in the history entry, so a
 * reload shows it again). An order still to be paid says so, and how (issue 30 item 12).
 */
function ThankYou() {
  const { t } = useTranslation('cart');
  const location = useLocation();
  const state = location.state as { count?: number; order?: Order } | null;
  const count = state?.count;
  const order = state?.order;
  const unpaid = order !== undefined && awaitsPayment(order);
  return (
    <PageState
      headingLevel={1}
      title={t(unpaid ? 'thanks.titleUnpaid' : 'thanks.titlePaid')}
      action={
        order ? (
          <ButtonLink to={`/account/orders/${order.id}`}>
            {t('thanks.seeOrder', { number: order.number })}
          </ButtonLink>
        ) : (
          <ButtonLink to="/">{t('thanks.keepBrowsing')}</ButtonLink>
        )
      }
    >
      {unpaid ? (
        <div className={styles.thanks}>
          <p>{t('thanks.keptUntilPaid', { count: count ?? 0 })}</p>
          <h2>{t('thanks.paymentDue')}</h2>
          <HowToPay order={order} />
        </div>
      ) : (
        <p>{count ? t('thanks.sold', { count }) : t('thanks.complete')}</p>
      )}
      {order?.fulfilment === 'pickup' && order.state !== 'cancelled' && (
        <div className={styles.thanks}>
          <h2>{t('thanks.collection')}</h2>
          <Collection order={order} />
        </div>
      )}
    </PageState>
  );
}

export default function CartRoutes() {
  return (
    <Routes>
      <Route index element={<CartPage />} />
      <Route path="thank-you" element={<ThankYou />} />
    </Routes>
  );
}
