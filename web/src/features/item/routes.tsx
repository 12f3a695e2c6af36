import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Loading, Notice, PageState, StatusBadge } from '../../components/ui/Feedback';
import { Price } from '../../components/ui/Price';
import { ApiError, type Item } from '../../lib/api-client';
import { formatTime, formatWait } from '../../lib/format';
import { useCart, useFavorites, useMe, useShopName } from '../../lib/queries';
import { categoryPath, useAddToCart, useCategoryTree, useFavoriteToggle, useItem } from './api';
import { AskAboutPiece } from './components/AskAboutPiece';
import { Gallery } from './components/Gallery';
import styles from './components/Item.module.css';
import { ItemDetails } from './components/ItemDetails';

function Breadcrumb({ item }: { item: Item }) {
  const { t } = useTranslation('storefront');
  const tree = useCategoryTree();
  const path = item.category && tree.data ? categoryPath(tree.data, item.category.id) : [];
  const trail = path.length > 0 ? path : item.category ? [item.category] : [];
  return (
    <nav aria-label={t('item.breadcrumb')} className={styles.crumbs}>
      <ol>
        <li>
          <Link to="/">{t('item.shop')}</Link>
        </li>
        {trail.map((category) => (
          <li key={category.id}>
            <Link to={`/?category=${category.id}`}>{category.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function FavoriteButton({ item }: { item: Item }) {
  const { t } = useTranslation('storefront');
  const favorites = useFavorites(true);
  const toggle = useFavoriteToggle(item.id);
  const saved =
    toggle.isPending && toggle.variables !== undefined
      ? toggle.variables
      : Boolean(favorites.data?.items.some((favorite) => favorite.id === item.id));
  return (
    <Button
      variant="secondary"
      aria-pressed={saved}
      disabled={favorites.isPending}
      onClick={() => toggle.mutate(!saved)}
    >
      {saved ? t('item.saved') : t('item.save')}
    </Button>
  );
}

/**
 * The shopper's own hold on the piece ended a short while ago (removed, or run out):
 * they may hold it again one hold window later (docs/decisions.md, Commerce: cool-down).
 */
function CoolingDown({ until }: { until: string }) {
  const { t } = useTranslation('storefront');
  const wait = formatWait((new Date(until).getTime() - Date.now()) / 1000);
  return (
    <Notice tone="error" role="alert">
      {t('item.coolingDown', { time: formatTime(until), wait })}
    </Notice>
  );
}

function Buying({ item, signedIn }: { item: Item; signedIn: boolean }) {
  const { t } = useTranslation('storefront');
  const cart = useCart(signedIn);
  const add = useAddToCart(item.id);
  const inMyCart = Boolean(cart.data?.items.some((held) => held.id === item.id));

  const refused = add.error instanceof ApiError && add.error.code === 'item_unavailable';
  // The server says when it was the shopper's own cool-down, not someone else's hold.
  const againAt = add.error instanceof ApiError ? add.error.availableAgainAt : undefined;
  if (refused && againAt) return <CoolingDown until={againAt} />;
  // The refusal is read again with the item (now reserved or sold): say why the click
  // failed, not only what the piece is now.
  if (refused)
    return (
      <Notice tone="error" role="alert">
        {t('item.justTaken')}
      </Notice>
    );
  if (item.status === 'sold') return <Notice>{t('item.sold')}</Notice>;
  if (inMyCart)
    return (
      <Notice tone="success" role="status">
        {t('item.inYourCart')} <Link to="/cart">{t('item.goToCart')}</Link>
      </Notice>
    );
  if (item.status === 'reserved') return <Notice>{t('item.reserved')}</Notice>;
  if (!signedIn)
    return (
      <Notice>
        <Trans
          t={t}
          i18nKey="item.signInToBuy"
          components={{
            signIn: <Link to="/account/sign-in" />,
            register: <Link to="/account/register" />,
          }}
        />
      </Notice>
    );
  return (
    <>
      <div className={styles.actions}>
        <Button onClick={() => add.mutate()} disabled={add.isPending}>
          {add.isPending ? t('item.adding') : t('item.add')}
        </Button>
      </div>
      {add.error && (
        <Notice tone="error" role="alert">
          {add.error.message}
        </Notice>
      )}
    </>
  );
}

export default function ItemPage() {
  const { t } = useTranslation('storefront');
  const { id } = useParams();
  const itemId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0;
  const item = useItem(itemId);
  const me = useMe();
  const cart = useCart(Boolean(me.data));

  const shopName = useShopName();
  useEffect(() => {
    if (item.data) document.title = `${item.data.title} · ${shopName}`;
  }, [item.data, shopName]);

  if (itemId === 0 || (item.error instanceof ApiError && item.error.status === 404))
    return (
      <PageState
        headingLevel={1}
        title={t('item.notHere')}
        action={<ButtonLink to="/">{t('common:notFound.browse')}</ButtonLink>}
      >
        <p>{t('item.notHereBody')}</p>
      </PageState>
    );
  if (item.isError)
    return (
      <PageState headingLevel={1} title={t('item.failed')}>
        <p>{item.error.message}</p>
      </PageState>
    );
  if (!item.data) return <Loading />;
  const data = item.data;
  const signedIn = Boolean(me.data);

  return (
    <article>
      <Breadcrumb item={data} />
      <div className={styles.layout}>
        <Gallery item={data} />
        <div className={styles.details}>
          <h1>{data.title}</h1>
          <div>
            <StatusBadge
              status={data.status}
              mine={Boolean(cart.data?.items.some((held) => held.id === data.id))}
            />
          </div>
          <Price cents={data.price_cents} className={styles.price} />
          {data.tags.length > 0 && (
            <ul className={styles.tags} aria-label={t('facets.tags')}>
              {data.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={`/?tags=${tag.slug}`} style={{ backgroundColor: tag.colour }}>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {data.description && <p className={styles.description}>{data.description}</p>}
          <ItemDetails item={data} />
          <Buying item={data} signedIn={signedIn} />
          {signedIn && (
            <div className={styles.actions}>
              <FavoriteButton item={data} />
            </div>
          )}
          <AskAboutPiece itemId={data.id} asker={me.data ?? null} />
        </div>
      </div>
    </article>
  );
}
